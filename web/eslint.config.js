// @ts-check
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import bidpass from './eslint-rules/layers.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/shared/api/schema.ts', 'e2e/screenshots/', 'test-results/'] },
  js.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks, bidpass },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // shared → features → app; no feature imports another (eslint-rules/layers.js).
      'bidpass/layers': ['error', { srcDir: 'src' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // dayjs comes with its Chinese locale from one module (src/shared/dates.ts), not bare.
      'no-restricted-imports': ['error', { paths: [{ name: 'dayjs', message: "import { dayjs } from '@/shared/dates' (dayjs in Chinese)" }] }],
    },
  },
  { files: ['src/shared/dates.ts'], rules: { 'no-restricted-imports': 'off' } },
  {
    // Query keys live in each feature's api/queries.ts (queryOptions helpers) and the shared
    // queries (shared/api/queries.ts, shared/refdata/refdata.ts): a key written elsewhere drifts
    // from the one its invalidation uses.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/queries.ts', 'src/shared/refdata/refdata.ts', 'src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'A query key comes from the feature\'s api/queries.ts (queryOptions helpers and keys), not a literal.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(setQueryData|getQueryData|setQueriesData)$/] > ArrayExpression.arguments:first-child",
          message: 'A query key comes from the feature\'s api/queries.ts (queryOptions helpers and keys), not a literal.',
        },
      ],
    },
  },
  {
    // Tests may build fakes loosely.
    files: ['src/**/*.test.{ts,tsx}', 'src/test/**'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    files: ['*.{js,ts}', 'scripts/**/*.mjs', 'e2e/**/*.mjs', 'eslint-rules/**/*.js'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
