// Runs bench/engine.ts's benchEngine() in a fresh process (so its load time and RSS cost are not
// skewed by the harness), and writes the result as JSON to the file named by argv[2].
//   node --import tsx --expose-gc bench/lib/engine-child.ts <out.json>
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './processes';

const out = process.argv[2];
if (!out) {
  console.error('usage: engine-child.ts <out.json>');
  process.exit(2);
}
const mod = (await import(pathToFileURL(path.join(ROOT, 'bench', 'engine.ts')).href)) as { benchEngine?: unknown };
if (typeof mod.benchEngine !== 'function') {
  await writeFile(out, JSON.stringify({ missing: 'bench/engine.ts exports no benchEngine() function' }));
  process.exit(0);
}
const result: unknown = await (mod.benchEngine as () => Promise<unknown>)();
await writeFile(out, JSON.stringify({ result }));
process.exit(0);
