// The import boundaries of eslint.boundaries.js, tried on planted violations: if a rule stops
// reporting (a resolver that no longer resolves, a zone renamed), this fails instead of the lint
// silently passing everything.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let eslint: ESLint;

async function rulesReported(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

// The first lint loads the TypeScript resolver and parser: seconds on a loaded machine.
describe('lint boundaries', { timeout: 120_000 }, () => {
  it('reports a feature reaching into another feature’s internals (client)', async () => {
    const rules = await rulesReported(
      'app/src/features/home/pages/planted.tsx',
      "import { DreamCard } from '@app/features/dreams/components/dream-card';\nexport const x = DreamCard;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('allows the same thing through the feature’s public surface', async () => {
    const rules = await rulesReported(
      'app/src/features/home/pages/planted.tsx',
      "import { DreamCard } from '@app/features/dreams';\nexport const x = DreamCard;\n",
    );
    expect(rules).not.toContain('import-x/no-restricted-paths');
  });

  it('reports shared UI importing a feature', async () => {
    const rules = await rulesReported(
      'app/src/components/planted.tsx',
      "import { useRecentDreams } from '@app/features/dreams/api';\nexport const x = useRecentDreams;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('reports server layers below the features importing one', async () => {
    for (const file of ['server/src/db/planted.ts', 'server/src/middleware/planted.ts', 'server/src/auth/planted.ts']) {
      const rel = path.relative(
        path.dirname(path.join(root, file)),
        path.join(root, 'server/src/features/dreams/service'),
      );
      const rules = await rulesReported(file, `import { getDream } from '${rel}';\nexport const x = getDream;\n`);
      expect(rules, file).toContain('import-x/no-restricted-paths');
    }
  });

  it('reports a server feature importing another feature’s internals', async () => {
    const rules = await rulesReported(
      'server/src/features/transfer/planted.ts',
      "import { recentDreamsCacheFor } from '../dreams/recent-cache';\nexport const x = recentDreamsCacheFor;\n",
    );
    expect(rules).toContain('import-x/no-restricted-paths');
  });

  it('reports an import cycle', async () => {
    // dreams/service.ts imports recent-cache.ts; a value import back closes a cycle.
    const rules = await rulesReported(
      'server/src/features/dreams/recent-cache.ts',
      "import { getDream } from './service';\nexport const x = getDream;\n",
    );
    expect(rules).toContain('import-x/no-cycle');
  });
});
