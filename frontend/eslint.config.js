// @ts-check
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * One-way imports (bulletproof-react): shared code → features → app. Elements are found by
 * folder glob, so a new feature folder is covered without touching this file.
 */
const ELEMENTS = [
  { type: 'app', pattern: 'src/app' },
  { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
  { type: 'shared', pattern: 'src/{api,components,hooks,lib,utils,i18n,types}' },
];

const BOUNDARY_POLICIES = [
  {
    from: { element: { type: 'shared' } },
    disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
    message: 'Shared code (api, components, hooks, lib, utils, i18n, types) never imports features or app/.',
  },
  {
    from: { element: { type: 'feature' } },
    disallow: { to: { element: { types: { anyOf: ['feature', 'app'] } } } },
    message:
      'A feature never imports another feature nor app/: move what both need to components/, hooks/, lib/ or utils/, and compose features in app/routes/.',
  },
  {
    // Last matching policy wins: a feature may import its own files.
    from: { element: { type: 'feature' } },
    allow: { to: { element: { type: 'feature', captured: { feature: '{{ from.element.captured.feature }}' } } } },
  },
];

export default tseslint.config(
  { ignores: ['dist', 'test-results', 'playwright-report', 'src/api/generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      eqeqeq: 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    plugins: { boundaries },
    settings: {
      'boundaries/elements': ELEMENTS,
      'boundaries/legacy-templates': false,
      'import/resolver': { typescript: { project: 'tsconfig.json' } },
    },
    rules: {
      'boundaries/dependencies': ['error', { default: 'allow', policies: BOUNDARY_POLICIES }],
    },
  },
  {
    // Route tests render the whole app, so they may import app/ and the testing helpers.
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
