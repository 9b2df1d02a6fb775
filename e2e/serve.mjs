// Runs the app exactly as `npm start` does, on a throwaway DATA_DIR under the system temp dir
// (mode 755 so the unprivileged PostgreSQL user can reach it when the suite runs as root).
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dt-e2e-'));
chmodSync(dataDir, 0o755);
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL ??= 'warn';
process.env.RATE_LIMIT_MAX ??= '0';
process.env.REGISTRATION_LIMIT ??= '100000';
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }));
await import('../scripts/start.mjs');
