import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const storefrontSrc = path.join(import.meta.dirname, 'storefront/src');
const foldersOf = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.join(dir, entry.name));
const storefrontFeatures = foldersOf(path.join(storefrontSrc, 'features'));
/** Everything beside app/ and features/ is the shared layer (components, hooks, lib, locales, types …). */
const storefrontShared = foldersOf(storefrontSrc).filter((dir) => !['app', 'features'].includes(path.basename(dir)));

/**
 * bulletproof-react's layers, app → features → shared: a feature imports shared code only, never
 * another feature or the app; the shared layer imports neither; only app/ composes features. What two
 * features both need moves to the shared layer.
 */
const storefrontZones = [
  ...storefrontFeatures.map((feature) => ({
    target: feature,
    from: path.join(storefrontSrc, 'features'),
    except: [`./${path.basename(feature)}`],
    message: 'A feature does not import another feature: move what both need to the shared layer, or compose them in app/.',
  })),
  {
    target: path.join(storefrontSrc, 'features'),
    from: path.join(storefrontSrc, 'app'),
    message: 'Features do not import the app; the app composes them.',
  },
  {
    target: storefrontShared,
    from: [path.join(storefrontSrc, 'features'), path.join(storefrontSrc, 'app')],
    message: 'The shared layer imports neither features nor the app.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'e2e/screenshots/**', '.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX },
    settings: {
      // import-x follows imports only into files of these extensions, parsed with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Workspace packages resolve through their node_modules links to the .ts files their exports name.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // A forgotten await fails the lint. Where a promise is left running on purpose it is marked `void`:
      // event handlers whose work reports its own failures (`onClick={() => void save()}`), and knex
      // where-callbacks, whose returned builder is a thenable knex ignores (`(where) => void where.…`).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // Workspaces import each other by package name and public exports, never by a path into their files.
      'import-x/no-relative-packages': 'error',
    },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: storefrontZones }] },
  },
  {
    files: ['storefront/src/**/*.{ts,tsx}', 'admin/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The API contracts are TypeBox objects: the web apps take their types only, so TypeBox stays out of the bundles.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@topup/common/api', message: 'Import types only (import type …); values live in @topup/common.', allowTypeImports: true }] },
      ],
    },
  },
  {
    // Component tests are not bundled: their MSW handlers take the contracts' endpoints (method, path) as values.
    files: ['{storefront,admin}/src/**/*.test.tsx', '{storefront,admin}/src/testing/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
  {
    // Tests read loosely typed JSON responses.
    files: ['**/*.test.ts', '**/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
