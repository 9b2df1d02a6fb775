// Import boundaries the linter keeps (docs/decisions/0007): data flows common <- server and
// common <- app; shared layers never import features; a feature reaches another only through its
// public surface; no import cycles. Zones are built from the feature folders on disk, so a new feature
// is covered the day it is created.
import { readdirSync } from 'node:fs';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

function featureNames(dir) {
  return readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** What one feature may import from another: the server's service, policy and presenter; the client's api hooks and index. */
const PUBLIC_SURFACE = {
  server: ['./service.ts', './policy.ts', './presenter.ts'],
  app: ['./api.ts', './index.ts'],
};

function crossFeatureZones(root, side) {
  const names = featureNames(`./${root}/`);
  return names.flatMap((target) =>
    names
      .filter((from) => from !== target)
      .map((from) => ({
        target: `./${root}/${target}`,
        from: `./${root}/${from}`,
        except: PUBLIC_SURFACE[side],
        message: `features/${target} may use features/${from} only through its ${PUBLIC_SURFACE[side].map((f) => f.slice(2)).join(', ')}.`,
      })),
  );
}

export const boundaryZones = [
  ...crossFeatureZones('server/src/features', 'server'),
  ...crossFeatureZones('app/src/features', 'app'),
  {
    target: './app/src/components',
    from: './app/src/features',
    message: 'components/ is shared UI: it takes data through props, never from a feature.',
  },
  {
    target: './app/src/lib',
    from: './app/src/features',
    message: 'lib/ is shared by every feature and imports none.',
  },
  {
    target: './server/src/db',
    from: './server/src/features',
    message: 'db/ is below the features: it never imports one.',
  },
  {
    target: './server/src/middleware',
    from: './server/src/features',
    message: 'middleware/ is below the features: it never imports one.',
  },
  {
    target: './server/src/auth',
    from: './server/src/features',
    message: 'auth/ (sessions and guards) is below the features: it never imports one.',
  },
  {
    target: './server/src/lib',
    from: './server/src/features',
    message: 'lib/ is below the features: it never imports one.',
  },
  {
    target: './server/src/engine',
    from: './server/src/features',
    message: 'The engine knows nothing of HTTP features.',
  },
];

export const boundariesConfig = {
  files: ['server/src/**/*.ts', 'app/src/**/*.{ts,tsx}', 'common/**/*.ts'],
  plugins: { 'import-x': importX },
  settings: {
    // Dependencies are parsed to follow cycles: without a TypeScript parser here no-cycle sees no
    // imports in .ts files and reports nothing (scripts/lint-boundaries.test.ts keeps it honest).
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
  },
  rules: {
    'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    'import-x/no-cycle': ['error', { ignoreExternal: true }],
  },
};
