// `npm start`: build the client when its sources changed since the last build, then run the
// server in this same process (so signals, `kill -9` and the DATA_DIR lock all see one PID).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampFile = path.join(root, 'dist', 'client', '.build-stamp');

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

function sourceStamp() {
  const hash = createHash('sha256');
  const inputs = [path.join(root, 'app'), path.join(root, 'common')];
  for (const dir of inputs) {
    for (const file of walk(dir)) {
      const info = statSync(file);
      hash.update(`${path.relative(root, file)}:${info.size}:${info.mtimeMs}\n`);
    }
  }
  for (const file of [
    'vite.config.ts',
    'package-lock.json',
    'scripts/prerender-landing.tsx',
    'scripts/compress-assets.mjs',
  ]) {
    const full = path.join(root, file);
    if (existsSync(full)) hash.update(readFileSync(full));
  }
  return hash.digest('hex');
}

const stamp = sourceStamp();
const built = existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp;
if (!built) {
  console.log('Building the client…');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  const prerender = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'scripts', 'prerender-landing.tsx')],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (prerender.status !== 0) process.exit(prerender.status ?? 1);
  const { compressAssets } = await import('./compress-assets.mjs');
  compressAssets(path.join(root, 'dist', 'client'));
  writeFileSync(stampFile, stamp);
}

process.env.NODE_ENV ??= 'production';
const { register } = await import('tsx/esm/api');
register({ tsconfig: path.join(root, 'tsconfig.json') });
await import(path.join(root, 'server', 'src', 'index.ts'));
