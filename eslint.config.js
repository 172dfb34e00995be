import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import checkFile from 'eslint-plugin-check-file';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The folders under a directory: each web feature is a zone of its own. */
const foldersOf = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Web features are domains: one never imports another, except the other's query keys (so a
// mutation invalidates what it changes through the owner's key factory, never a copied
// literal); pages in src/web/app compose them.
const webFeatures = foldersOf('./src/web/features');
const webFeatureZones = webFeatures.flatMap((feature) =>
  webFeatures
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `./src/web/features/${feature}`,
      from: `./src/web/features/${other}`,
      except: ['./api/query-keys.ts'],
      message: `Web features do not import each other (only ${other}/api/query-keys.ts): compose them in src/web/app, or move the shared part to components/ or lib/.`,
    })),
);

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'bench-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-duplicates': ['error', { 'prefer-inline': false }],
      'import-x/no-self-import': 'error',
      'import-x/no-useless-path-segments': 'error',
    },
  },
  {
    // File and folder names are kebab-case (a role suffix such as .routes or .test is allowed).
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'scripts/**/*.{js,mjs,ts}'],
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { 'src/server/db/migrations/*.ts': '[0-9][0-9][0-9][0-9]-+([a-z0-9-])', '**/!(migrations)/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE', 'e2e/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // Shared code runs on both sides: it may not reach into the server or the browser app.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['#server/*', '#web/*', '../server/*', '../web/*', '**/server/**', '**/web/**', 'node:*', 'react', 'react-dom'] },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['#web/*', '**/web/**', 'react', 'react-dom'], message: 'The server never imports the browser app.' }],
        },
      ],
    },
  },
  {
    // Outside the features, these put the app together: the entry and the tests build it, the
    // write path lists the reactions, the seed and the tests use the ledger's bulk path.
    files: [
      'src/server/serve.ts',
      'src/server/**/*.test.ts',
      'src/server/test/**',
      'src/server/write-path/reactions.ts',
      'src/server/db/seed.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['#web/*', '**/web/**'], message: 'The server never imports the browser app.' }] },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['#server/*', '**/server/**', 'node:*'], message: 'The browser app never imports the server.' }],
        },
      ],
      'import-x/no-restricted-paths': ['error', { zones: webFeatureZones }],
    },
  },
);
