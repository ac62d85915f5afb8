// Type-aware lint for every workspace; imports flow one way (contract ← server, contract ← web; shared → features → app).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// An app reaches another by its package name, through the apps folder or by a relative path into its
// sources (`../../server/src/…`). A file's own no-restricted-imports replaces the one above it, so each
// layer rule repeats this one.
const APPS_APART = {
  group: [
    '**/apps/*',
    '../../apps/*',
    '**/server/src/**',
    '**/web/src/**',
    '@campus/server',
    '@campus/server/**',
    '@campus/web',
    '@campus/web/**',
  ],
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
      // The types of a plain Node script, for its tests; checked by tsc with the tests.
      'scripts/*.d.mts',
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
            APPS_APART,
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
            APPS_APART,
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
        {
          patterns: [APPS_APART, { group: ['**/app/**'], message: 'Features do not import the app layer.' }],
        },
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
  // A cached read's key and sources are declared once, in its feature's cache-keys.ts (decision record 0080).
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      '**/cache-keys.ts',
      'apps/server/src/db/read-cache.ts',
      'apps/server/src/db/read-cache.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='cachedRead']",
          message: "Declare a cached read in its feature's cache-keys.ts, and use it from there.",
        },
        {
          selector:
            "CallExpression[callee.object.name='cache'][callee.property.name=/^(get|read|kept|keepWritten|keepChanged)$/][arguments.0.type=/^(Literal|TemplateLiteral|ArrayExpression|ObjectExpression)$/]",
          message:
            "A cached read's key and sources come from its feature's cache-keys.ts, not from the call.",
        },
        {
          selector: "CallExpression[callee.name='writingRows'][arguments.1.type='ObjectExpression']",
          message: "Declare the rows a write changes in its feature's cache-keys.ts.",
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
