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
  // Import boundaries: the layers of functions/, in order. core/ holds the pure rules and shapes
  // every side shares (the web app too): it imports nothing of functions/ outside core/, no AWS SDK,
  // no Node built-in. engine/ (the study engine and its providers) builds on core/ only. platform/
  // (stores, queues, the hosts' wiring) never reaches up to the handlers (api/) or the pipelines.
  {
    files: ['functions/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*', '../**', '**/functions/**'],
              message: 'functions/core/ holds pure rules and shared shapes: it imports nothing of functions/ outside core/.',
            },
            { group: ['@aws-sdk/*', 'aws-cdk-lib', 'aws-cdk-lib/*', 'node:*'], message: 'functions/core/ takes no AWS SDK, CDK or Node built-in.' },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/engine/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/platform', '**/platform/**', '**/api', '**/api/**', '**/pipelines', '**/pipelines/**', '**/registry', '**/registry.js', '../../lib/**', '../../../lib/**', '../../../../lib/**'],
              message: 'functions/engine/ imports only functions/core/ (besides itself): no platform, handler, pipeline or host code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['functions/platform/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api', '**/api/**', '**/pipelines', '**/pipelines/**'],
              message: 'functions/platform/ never imports the handlers (api/) or the pipelines: shared shapes live in functions/core/.',
            },
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
              group: ['**/functions/platform/**', '**/functions/api/**', '**/functions/pipelines/**', '**/functions/engine/**', '**/functions/registry*', '**/lib/**'],
              message: 'The web app may import only what the server shares with it (functions/core).',
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
