// `npm run dev`: the API server with reload (tsx watch) and the Vite dev server with HMR.
import { spawn } from 'node:child_process';

const children = [
  spawn(
    process.execPath,
    ['--watch-path=server/src', '--watch-path=common', '--import', 'tsx', 'server/src/index.ts'],
    {
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' },
    },
  ),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', () => stop());
