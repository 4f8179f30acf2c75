import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** The features a web feature may import besides itself: the personal centre shows the cards of the
 *  account's security (two-step sign-in, sessions, passkeys) on its page. */
const FEATURE_IMPORTS = { personal: ['account-security'] };

/** Each web feature may import only itself among the features, and those FEATURE_IMPORTS gives it. */
function webFeatureZones() {
  const features = readdirSync(new URL('./apps/web/src/features', import.meta.url));
  return features.map((feature) => ({
    target: `./apps/web/src/features/${feature}`,
    from: './apps/web/src/features',
    except: [feature, ...(FEATURE_IMPORTS[feature] ?? [])].map((allowed) => `./${allowed}`),
  }));
}

/** antd's own modules (`antd/es/...`, `antd/lib/...`) change between its versions without notice. */
const ANTD_INTERNALS = {
  group: ['antd/es', 'antd/es/**', 'antd/lib', 'antd/lib/**'],
  message: "Import from 'antd' (or 'antd/locale/...'), not its internal modules.",
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.node/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // migrations are frozen against later schema types (design: Kysely<any>); test replies are
    // untyped JSON that the assertions check
    files: [
      'apps/server/src/db/migrat*.ts',
      'apps/server/src/db/migrations/**',
      'apps/server/test/**',
      'apps/server/test-kit/**',
      'apps/server/reliability/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // one order of imports everywhere: Node's, packages', the shared package's, then the module's own
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '@portal/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
    },
  },
  {
    // a promise nobody awaits loses its failure: typed rules, over the projects' own sources
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'examples/**/*.ts'],
    ignores: ['**/*.config.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // a focused or skipped test would let the rest of the suite pass without it
    files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', 'apps/web/e2e/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['describe', 'it', 'test'].flatMap((object) =>
          ['only', 'skip', 'todo', 'skipIf', 'runIf'].map((property) => ({
            object,
            property,
            message: 'Every test runs: no focused, skipped or pending tests.',
          })),
        ),
      ],
    },
  },
  {
    // a call's path is written once, in its declaration (packages/shared/src/api/contract)
    files: ['apps/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    ignores: ['packages/shared/src/api/contract/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/], TemplateElement[value.raw=/^\\/api(\\/|$)/]',
          message: "Take the path from the call's declaration, or the prefix from contract/prefixes.",
        },
      ],
    },
  },
  {
    // the web app's own routes are named in config/paths.ts
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/config/paths.ts', 'apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^\\/api(\\/|$)/], TemplateElement[value.raw=/^\\/api(\\/|$)/]',
          message: "Take the path from the call's declaration, or the prefix from contract/prefixes.",
        },
        {
          selector:
            'CallExpression[callee.name=/^(navigate|redirect)$/] > Literal[value=/^\\//], JSXAttribute[name.name=/^(to|href)$/] > Literal[value=/^\\//]',
          message: 'Name the route from config/paths.ts.',
        },
      ],
    },
  },
  {
    // antd through its public entry points: its es/ and lib/ modules are its internals
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [ANTD_INTERNALS] }] },
  },
  {
    // a call is made in an API module (a feature's or lib's *-api.ts, the session's session-api.ts) and
    // by the one mutation helper; screens and components use what those export
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [
      'apps/web/src/**/*-api.ts',
      'apps/web/src/lib/api-client.ts',
      'apps/web/src/lib/use-call-mutation.ts',
      'apps/web/src/**/*.test.{ts,tsx}',
      'apps/web/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ANTD_INTERNALS,
            {
              regex: '(^|/)api-client$',
              importNames: ['call', 'apiClient'],
              message: "Call from the feature's API module (*-api.ts), or change through useCallMutation.",
            },
          ],
        },
      ],
    },
  },
  {
    // libraries know no HTTP: the routes hand them a caller, and their errors are turned into answers
    files: [
      'apps/server/src/libraries/**/*.ts',
      'apps/server/src/queries/**/*.ts',
      'apps/server/src/messaging/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Libraries know no HTTP.' }] },
      ],
    },
  },
  {
    // the web app and its browser tests reach the server only over HTTP, and their scenes through
    // the server's test kit (`@portal/server/test-kit`), never its source
    files: ['apps/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/src/**', '@portal/server/src/**', '**/server/test/**', '**/server/test-kit/**'],
              message: 'Import the server only through its test kit: @portal/server/test-kit.',
            },
          ],
        },
      ],
    },
  },
  {
    // shared knows no app
    files: ['packages/shared/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@portal/server*', '@portal/web*', '**/apps/**'] }] },
  },
  {
    // The layers one way only (design). Server: routes -> libraries -> queries, and plugins wrap
    // routes. Web (bulletproof-react): shared layers -> features -> app, and no feature reaches into
    // another; what two features need lives in components/, lib/, stores/, config/ or session/.
    files: ['apps/server/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'] }),
      ],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // the areas (issue 36): platform/ holds the leaves and imports no area; messaging/ keeps the
            // transports and imports no library (the outbox's message topic is libraries/outbox/)
            {
              target: './apps/server/src/libraries/platform',
              from: './apps/server/src/libraries',
              except: ['./platform'],
              message: 'platform/ holds the leaves: it imports no area.',
            },
            {
              target: './apps/server/src/messaging',
              from: './apps/server/src/libraries',
              message: 'messaging/ keeps the transports: it imports no library.',
            },
            {
              target: ['./apps/server/src/libraries', './apps/server/src/queries', './apps/server/src/messaging'],
              from: ['./apps/server/src/routes', './apps/server/src/plugins'],
            },
            { target: './apps/server/src/queries', from: './apps/server/src/libraries' },
            // routes reach the data through libraries only
            { target: './apps/server/src/routes', from: ['./apps/server/src/queries', './apps/server/src/db'] },
            ...webFeatureZones(),
            {
              target: [
                './apps/web/src/components',
                './apps/web/src/lib',
                './apps/web/src/stores',
                './apps/web/src/config',
                './apps/web/src/session',
              ],
              from: ['./apps/web/src/features', './apps/web/src/app'],
            },
            { target: './apps/web/src/features', from: './apps/web/src/app' },
          ],
        },
      ],
    },
  },
);
