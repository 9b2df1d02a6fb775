import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The engine's modules form no import cycle, type-only imports included: each layer (nlp, kb,
 * analysis, compose, providers) can be read and tested on its own.
 */

const ENGINE_DIR = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The engine files a file imports or re-exports from (relative specifiers only). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((spec) => spec.startsWith('.'))
    .flatMap((spec) => {
      const base = path.resolve(path.dirname(file), spec);
      const found = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => {
        try {
          return statSync(candidate).isFile();
        } catch {
          return false;
        }
      });
      return found && found.startsWith(ENGINE_DIR) ? [found] : [];
    });
}

/** Every cycle's files, one cycle per strongly connected component (Tarjan). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) out.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return out;
}

describe('engine module graph', () => {
  it('finds a planted cycle', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });

  it('reads the imports of a real file', () => {
    const local = path.join(ENGINE_DIR, 'providers', 'local.ts');
    expect(importsOf(local)).toContain(path.join(ENGINE_DIR, 'runtime.ts'));
    expect(importsOf(local)).toContain(path.join(ENGINE_DIR, 'types.ts'));
  });

  it('has no import cycle in server/src/engine', () => {
    const files = sourceFiles(ENGINE_DIR);
    expect(files.length).toBeGreaterThan(30);
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    const cycles = cyclesOf(graph).map((c) => c.map((f) => path.relative(ENGINE_DIR, f)));
    expect(cycles).toEqual([]);
  });
});
