import pino from 'pino';
import { loadConfig } from '../env';
import { openDatabase, runMigrations } from './client';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  log: pino({ level: 'warn' }),
});
try {
  await runMigrations(database.db);
  console.log('Migrations applied.');
} finally {
  await database.close();
}
