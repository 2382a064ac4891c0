// @ts-check
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/**
 * The one-way flow of bulletproof-react (docs/architecture.md):
 * shared → features → app. A feature never imports another feature; shared
 * imports neither features nor app; features do not import app.
 */
const layerZones = [
  ...features.map((f) => ({
    target: `./src/features/${f}`,
    from: './src/features',
    except: [`./${f}`],
    message: 'A feature must not import another feature: move the shared part to src/shared, or compose in src/app.',
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features must not import src/app.',
  },
  {
    target: './src/shared',
    from: ['./src/features', './src/app'],
    message: 'src/shared must not import features or app.',
  },
];

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
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      'import-x/no-cycle': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
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
    files: ['*.{js,ts}', 'scripts/**/*.mjs', 'e2e/**/*.mjs'],
    extends: [tseslint.configs.recommended],
    languageOptions: { globals: globals.node },
  },
);
