// Lint rules for the whole repository: TypeScript's recommended set, on source and tests.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', 'web/dist/**', '.data/**', 'test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      'no-empty': ['error', { allowEmptyCatch: true }],
    },
  },
  // Import boundaries. core/ holds the pure rules every side shares: no platform, handler, pipeline
  // or engine provider, no AWS SDK, no Node built-in. The web app (web/src) takes nothing server-only.
  {
    files: ['functions/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform/**', '**/api/**', '**/pipelines/**', '**/engine/local/**', '**/engine/bedrock/**'],
              message: 'functions/core/ holds pure rules: it may not import platform, handlers, pipelines or engine providers.',
            },
            { group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'node:*'], message: 'functions/core/ takes no AWS SDK, CDK or Node built-in.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/functions/platform/**', '**/functions/api/**', '**/functions/pipelines/**', '**/functions/engine/local/**', '**/functions/engine/bedrock/**', '**/lib/**'],
              message: 'The web app may import only what the server shares with it (functions/core, functions/engine/types).',
            },
            { group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'node:*'], message: 'The web app takes no AWS SDK, CDK or Node built-in.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', WebAssembly: 'readonly' } },
  },
);
