import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';

/**
 * Module boundaries (Nx tags in each package.json):
 * - services never import each other or the gateway; only libs are shared;
 * - front-end projects (shell, remotes, libs/ui) never import server code;
 * - only the one-process runtime, e2e and bench may wire services together;
 * - the webpack preset (type:build) is build-time code: only the front-end projects' webpack configs
 *   may use it, so none of it can end up in a bundle.
 */
const depConstraints = [
  { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:service', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:gateway', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:shell', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:remote', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'type:runtime', onlyDependOnLibsWithTags: ['type:lib', 'type:service', 'type:gateway'] },
  {
    sourceTag: 'type:e2e',
    onlyDependOnLibsWithTags: ['type:lib', 'type:runtime', 'type:service', 'type:gateway'],
  },
  {
    sourceTag: 'type:bench',
    onlyDependOnLibsWithTags: ['type:lib', 'type:runtime', 'type:service', 'type:gateway'],
  },
  { sourceTag: 'type:build', onlyDependOnLibsWithTags: ['type:lib'] },
  // The chart's tests check it against the contracts' list of remotes.
  { sourceTag: 'type:deploy', onlyDependOnLibsWithTags: ['type:lib'] },
  { sourceTag: 'scope:frontend', onlyDependOnLibsWithTags: ['scope:frontend', 'scope:shared'] },
  { sourceTag: 'scope:shared', onlyDependOnLibsWithTags: ['scope:shared'] },
  { sourceTag: 'scope:build', onlyDependOnLibsWithTags: ['scope:shared'] },
];

/** The same rules, plus the build preset, for the shell's and the remotes' webpack configs. */
const webpackConfigConstraints = depConstraints.map((constraint) =>
  ['type:shell', 'type:remote', 'scope:frontend'].includes(constraint.sourceTag)
    ? {
        ...constraint,
        onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'type:build', 'scope:build'],
      }
    : constraint,
);

const moduleBoundaries = (constraints) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: [],
    depConstraints: constraints,
    // libs/testing builds test databases with libs/db, and libs/db's own tests use libs/testing.
    ignoredCircularDependencies: [['@listready/db', '@listready/testing']],
  },
];

export default [
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/.nx/**',
      'libs/db/drizzle/**',
      'e2e/artifacts/**',
      'deploy/kafka/.cache/**',
      'deploy/kafka/target/**',
    ],
  },
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.mjs'],
    rules: {
      '@nx/enforce-module-boundaries': moduleBoundaries(depConstraints),
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['shell/webpack.config.ts', 'mfe-*/webpack.config.ts'],
    rules: { '@nx/enforce-module-boundaries': moduleBoundaries(webpackConfigConstraints) },
  },
  {
    // The modules pages evaluate as they load (the shell, the libraries it shares, the remotes): an
    // Intl formatter built at a module's top level cost each first load ~100 ms of blocking time at a
    // phone's speed (docs/performance.md, 5 Dec 2026). Build it at its first use instead
    // (`lazyDateFormat` in @listready/web-client for dates).
    files: ['shell/src/**', 'libs/web-client/src/**', 'libs/ui/src/**', 'mfe-*/src/**'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: [
            'Program > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name="Intl"]',
            'Program > ExportNamedDeclaration > VariableDeclaration > VariableDeclarator > NewExpression[callee.object.name="Intl"]',
          ].join(', '),
          message:
            'Build Intl formatters at their first use, not as the module loads (every page pays for it).',
        },
      ],
    },
  },
  {
    files: ['**/scripts/**', '**/bench/**', 'e2e/**', 'runtime/src/main.ts', 'deploy/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
];
