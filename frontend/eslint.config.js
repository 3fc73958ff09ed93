// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'books', 'profile', 'settings'];

/** Shared code (api, components, hooks, lib, utils, i18n, types) never imports features or app. */
const sharedRule = {
  patterns: [
    { group: ['@/features/*', '@/features/**', '**/features/**'], message: 'Shared code must not import features.' },
    { group: ['@/app/*', '@/app/**', '**/app/**'], message: 'Shared code must not import the app layer.' },
  ],
};

/** A feature imports shared code and itself, never another feature nor the app layer. */
function featureRule(feature) {
  return {
    patterns: [
      {
        group: ['@/features/*', '@/features/**', `!@/features/${feature}`, `!@/features/${feature}/**`],
        message: 'Features never import other features: move shared code to components/, hooks/, lib/ or utils/.',
      },
      { group: ['../../*', '../../**'], message: 'Import outside the feature through "@/", not relative paths.' },
      { group: ['@/app/*', '@/app/**'], message: 'Features must not import the app layer.' },
    ],
  };
}

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
    files: ['src/{api,components,hooks,lib,utils,i18n,types}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', sharedRule] },
  },
  ...FEATURES.map((feature) => ({
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', featureRule(feature)] },
  })),
  {
    // Route tests render the whole app, so they may import app/ and the testing helpers.
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**/*.{ts,tsx}', 'e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
  },
);
