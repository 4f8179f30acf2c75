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

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
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
      'apps/server/reliability/**',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
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
            {
              target: ['./apps/server/src/libraries', './apps/server/src/queries', './apps/server/src/messaging'],
              from: ['./apps/server/src/routes', './apps/server/src/plugins'],
            },
            { target: './apps/server/src/queries', from: './apps/server/src/libraries' },
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
