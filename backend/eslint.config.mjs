import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'bench-results/**', 'scripts/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.ts', 'test/**/*.ts'],
    // Lets consistent-type-imports see that decorated constructor/handler parameter types are
    // runtime values (Nest's dependency injection and validation read them from metadata).
    languageOptions: { parserOptions: { emitDecoratorMetadata: true, experimentalDecorators: true } },
    rules: {
      // SWC (jest) compiles each file alone: a type imported as a value breaks at run time.
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-explicit-any': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read configuration through src/config/config.ts only.' },
      ],
    },
  },
  {
    files: ['src/config/config.ts', 'test/**/*.ts', 'src/**/*.spec.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
