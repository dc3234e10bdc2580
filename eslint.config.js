// ESLint guards the architecture (which folder may import which) on top of
// typescript-eslint's type-aware recommended rules. `npm run lint`; part of `npm test`.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import stylistic from '@stylistic/eslint-plugin';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import moduleCycles from './eslint-rules/no-module-cycles.js';

const root = import.meta.dirname;
const featuresDir = path.join(root, 'src/client/features');
const subfolders = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// Read from disk so that a new feature folder (e.g. the admin area) is fenced in at once.
const features = subfolders(featuresDir);
// The admin's areas (one per tab or tool) are fenced from each other the same way; what two of
// them need lives in features/admin/shared, which imports no area.
const adminAreas = subfolders(path.join(featuresDir, 'admin')).filter((area) => area !== 'shared');

// The server's layers (docs/decisions/017-server-layers.md): start-up wiring on top, feature
// modules in the middle, infrastructure (and src/shared) at the bottom. Every file directly in
// src/server that is not start-up wiring is infrastructure, so a new one is fenced in at once.
const serverTop = [
  './src/server/main.ts',
  './src/server/app.ts',
  './src/server/jobs.ts',
  './src/server/prepare.ts',
  './src/server/cli',
];
const serverInfrastructure = ['./src/server/{http,db,cache,backup,net}/**', './src/server/!(main|app|jobs|prepare).ts'];

const serverZones = [
  {
    target: serverInfrastructure,
    from: './src/server/modules',
    message:
      'Infrastructure (http/, db/, cache/, backup/, net/, config.ts, ...) must not import a feature module: move what it needs down (into infrastructure or src/shared), or let app.ts pass it in as an option (see docs/decisions/017-server-layers.md).',
  },
  {
    target: serverInfrastructure,
    from: serverTop,
    message:
      'Infrastructure must not import the start-up wiring (main.ts, app.ts, jobs.ts, prepare.ts, cli/): the wiring imports infrastructure, not the other way round.',
  },
  {
    target: './src/server/modules',
    from: serverTop,
    message:
      'A feature module must not import the start-up wiring (main.ts, app.ts, jobs.ts, prepare.ts, cli/): app.ts plugs the modules in; pass what a module needs as an argument.',
  },
  {
    target: './src',
    from: './tests',
    message:
      'Nothing under src imports tests/: put a fixture beside the unit tests that use it (e.g. src/server/modules/mail/booking.fixture.ts).',
  },
];

const architectureZones = [
  ...serverZones,
  {
    target: './src/client',
    from: './src/server',
    message: 'The client must not import server code: move what both need to src/shared.',
  },
  {
    target: './src/server',
    from: './src/client',
    message: 'The server must not import client code: move what both need to src/shared.',
  },
  {
    target: './src/shared',
    from: '.',
    except: ['./src/shared', './node_modules'],
    message: 'src/shared runs in the browser and on the server: import only src/shared files and npm packages.',
  },
  ...features.map((feature) => ({
    target: `./src/client/features/${feature}`,
    from: './src/client/features',
    except: [`./${feature}`],
    message: `features/${feature} must not import another feature: move the shared part to components/ or lib/, or compose the features in a page.`,
  })),
  ...adminAreas.map((area) => ({
    target: `./src/client/features/admin/${area}`,
    from: './src/client/features/admin',
    except: [`./${area}`, './shared'],
    message: `features/admin/${area} must not import another admin area: move what both need to features/admin/shared, or compose the areas in a page.`,
  })),
  {
    target: './src/client/features/admin/shared',
    from: './src/client/features/admin',
    except: ['./shared'],
    message: 'features/admin/shared is imported by every admin area: it must not import one.',
  },
  {
    target: './src/client/features',
    from: ['./src/client/pages', './src/client/app'],
    message: 'Features must not import pages or app/: pages and app/ compose features, not the other way round.',
  },
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/features', './src/client/pages', './src/client/app'],
    message: 'components/ and lib/ are shared by every feature: they must not import features, pages or app/.',
  },
];

// Files besides the repositories that query tables (docs/decisions/017-server-layers.md, "Queries"), each only the
// tables its own module owns, under the name of what it does: a queue and its worker, a one-row store, a back-fill.
const TABLE_HOMES = [
  'src/server/http/rate-limiter.ts',
  'src/server/modules/bookings/backfill-locations.ts',
  'src/server/modules/clients/match-decision.ts',
  'src/server/modules/clients/match-view.ts',
  'src/server/modules/deposits/settings.ts',
  'src/server/modules/mail/held.ts',
  'src/server/modules/mail/outbox.ts',
  'src/server/modules/mail/worker.ts',
  'src/server/modules/payments/ledger.ts',
  'src/server/modules/push/outbox.ts',
  'src/server/modules/push/vapid.ts',
  'src/server/modules/sms/outbox.ts',
  'src/server/modules/sms/settings-store.ts',
  'src/server/modules/sms/webhook-service.ts',
  'src/server/modules/stripe/keys.ts',
];
// Still to move into a repository (issue 42): they query another module's tables, or are routes. Only shrinks.
const QUERIES_TO_MOVE = [
  'src/server/jobs.ts',
  'src/server/modules/bookings/admin-create.ts',
  'src/server/modules/bookings/waitlist-entry.ts',
  'src/server/modules/clients/export-routes.ts',
  'src/server/modules/clients/export.ts',
  'src/server/modules/clients/matching.ts',
  'src/server/modules/deposits/ask.ts',
  'src/server/modules/deposits/reminders.ts',
  'src/server/modules/deposits/settle.ts',
  'src/server/modules/mail/outbox-admin.ts',
  'src/server/modules/scheduling/mileage-log.ts',
  'src/server/modules/sms/notify.ts',
  'src/server/modules/sms/reminders.ts',
  'src/server/modules/sms/worker.ts',
];

const tsResolver = (project) => [createTypeScriptImportResolver({ project: path.join(root, project) })];

export default defineConfig([
  globalIgnores([
    'dist/',
    'data/',
    'test-results/',
    'screenshots/',
    'coverage/',
    // Written by Vite when it bundles vite.config.ts / vitest.config.ts.
    '**/*.timestamp-*.mjs',
  ]),

  {
    files: ['**/*.{js,mjs,ts,mts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommendedTypeChecked],
    plugins: { 'import-x': importX, '@stylistic': stylistic },
    languageOptions: {
      // Each file is type-checked with its nearest tsconfig.json: src/client's (DOM, no Node
      // types) for the client, the root one (Node) for everything else.
      parserOptions: { projectService: true, tsconfigRootDir: root },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    settings: {
      'import-x/resolver-next': tsResolver('tsconfig.json'),
      // Without these, import-x reads only .js files when it follows imports (no-cycle).
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: architectureZones }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      // Prettier wraps code at 120 (.prettierrc.json) but not comments or strings: comments are
      // wrapped by hand, and a string or URL that must stay whole may run past (decision 017).
      '@stylistic/max-len': [
        'error',
        {
          code: 120,
          tabWidth: 2,
          ignoreStrings: true,
          ignoreTemplateLiterals: true,
          ignoreUrls: true,
          ignoreRegExpLiterals: true,
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ExportAllDeclaration, ExportNamedDeclaration[source]',
          message: 'No re-exports (barrels): import from the module that defines the name.',
        },
      ],
      // Off: `async` without `await` is how Fastify tells plugins and hooks from callback
      // style, and how a method keeps a Promise-returning interface; a missing await that
      // matters is caught by no-floating-promises and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },

  {
    // Two feature modules never import each other, directly or round a longer cycle (decision 017).
    files: ['src/server/modules/**'],
    plugins: { local: moduleCycles },
    rules: {
      'local/no-module-cycles': [
        'error',
        { modulesDir: path.join(root, 'src/server/modules'), aliases: { '@shared/': path.join(root, 'src/shared') } },
      ],
    },
  },

  {
    // Every query goes through a repository (decision 017): the tables (db/schema) are imported, as values, only by
    // db/ itself, a module's *repository*.ts, and the files below. Row types (`import type`) are free.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/**', 'src/server/**/*repository*.ts', ...TABLE_HOMES, ...QUERIES_TO_MOVE],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/db/schema', '**/db/schema.ts'],
              allowTypeImports: true,
              message:
                "Query the tables in the module's repository (e.g. modules/hours/repository.ts) and call it " +
                'here; only row types may be imported (docs/decisions/017-server-layers.md).',
            },
          ],
        },
      ],
    },
  },

  // src/shared gets neither set: it runs in both places.
  {
    files: ['src/server/**', 'tests/**', 'scripts/**', 'bench/**', 'eslint-rules/**', '*.{js,ts}'],
    languageOptions: { globals: globals.node },
  },

  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: globals.browser },
    settings: { 'import-x/resolver-next': tsResolver('src/client/tsconfig.json') },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },

  {
    // Off in tests: the `any` comes from the response body under test (light-my-request's
    // res.json()), and the assertions on it are the check.
    files: ['tests/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },

  // Plain-JavaScript scripts are in no tsconfig: lint them without type information.
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
]);
