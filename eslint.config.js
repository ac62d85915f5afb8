// Type-aware lint for every workspace; imports flow one way (contract ← server, contract ← web; shared → features → app).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// A file's own no-restricted-imports replaces the one above it, so each layer rule repeats this one.
const APPS_APART = {
  group: ['**/apps/*', '../../apps/*'],
  message: 'Apps never import each other; share through @campus/contract.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'bench/results/**',
      '**/*.config.js',
      '**/build.mjs',
      'test-results/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/no-unnecessary-condition': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [APPS_APART],
        },
      ],
    },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react*', 'fastify*', 'kysely', '@campus/*', '**/apps/**'],
              message: 'The contract depends on zod only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // Imports flow one way in the web app: lib → components → features → app.
  {
    files: ['apps/web/src/lib/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/components/**', '**/features/**', '**/app/**'],
              message: 'lib is the lowest layer.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/app/**'],
              message: 'Shared components do not import features or the app.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/app/**'], message: 'Features do not import the app layer.' }] },
      ],
    },
  },
  // Imports flow one way on the server: lib, db → plugins, types.ts → features → app, main, cli.
  {
    files: ['apps/server/src/plugins/**', 'apps/server/src/types.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APPS_APART,
            {
              group: ['**/features/**'],
              message:
                'Plugins and types.ts do not import features: declare what they need, features supply it.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/lib/**', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            APPS_APART,
            {
              group: ['**/features/**', '**/plugins/**', '**/config'],
              message:
                'lib and db are the lowest layer: they import neither features, plugins nor config.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      'no-empty-pattern': 'off',
    },
  },
);
