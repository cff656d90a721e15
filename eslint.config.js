import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';

const features = [
  'auth',
  'dashboard',
  'crm',
  'stock',
  'prenotifications',
  'deliveries',
  'repairs',
  'eol',
  'users',
  'roles',
  'activities',
  'offline',
];

// The server's areas (server/modules/<area>); an area uses another only through its public file, index.ts.
const serverModules = readdirSync(new URL('server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const noWebApp = {
  group: ['**/src/**'],
  message: 'The server imports shared code from @domain, not from the web app (src/).',
};
const publicFileOnly = 'An area is used through its public file (server/modules/<area>/index.ts), not its inner files.';

export default tseslint.config(
  { ignores: ['dist', 'dist-*', 'node_modules', 'data', 'test-results', 'playwright-report', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Declaration merging (Database tables per area, router metadata) uses `interface X extends Y {}`.
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  // Playwright fixtures take `{}` when they use no other fixture.
  { files: ['tests/e2e/**/*.ts'], rules: { 'no-empty-pattern': 'off' } },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // A feature folder can be read without opening another feature's folder.
  ...features.map((f) => ({
    files: [`src/features/${f}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: features.filter((o) => o !== f).map((o) => `**/features/${o}/**`),
              message: 'Features do not import each other; move shared code to src/ui or domain.',
            },
          ],
        },
      ],
    },
  })),
  // The layers below the features know no feature and not the route table (src/router.tsx); they
  // read routes from the running router (src/shell/route-names.ts).
  {
    files: ['src/{ui,shell,offline,api,session}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/features/**', '**/router', '**/router.tsx'],
              message: 'src/ui, shell, offline, api and session import no feature and not the route table.',
            },
          ],
        },
      ],
    },
  },
  // No explicit `any` anywhere but in the migrations, which are frozen as they ran (Kysely<any>).
  { files: ['server/db/migrations/**'], rules: { '@typescript-eslint/no-explicit-any': 'off' } },
  // domain/ is shared by the web app and the server: no React, no Node, neither side's folders
  // (domain/tsconfig.json proves it has no DOM or Node globals either).
  {
    files: ['domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['react', 'react-dom', 'node:*', 'fs', 'path', '**/src/**', '**/server/**'] },
      ],
    },
  },
  // The server imports the shared domain (@domain), never the web app's folder; the server's other
  // folders (setup, seed, main) use an area through its public file (its table types aside).
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [noWebApp, { regex: '(^|/)modules/[^/]+/(?!tables$)[^/]+$', message: publicFileOnly }] },
      ],
    },
  },
  // An area imports another area's public file only ('../stock', never '../stock/items'), or its table types.
  {
    files: ['server/modules/*/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [noWebApp, { regex: `^\\.\\./(${serverModules.join('|')})/(?!tables$)`, message: publicFileOnly }],
        },
      ],
    },
  },
);
