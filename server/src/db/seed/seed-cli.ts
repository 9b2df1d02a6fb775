import pino from 'pino';
import { loadConfig } from '../../env';
import { openDatabase, runMigrations } from '../client';
import { seedDemoData } from './demo';
import { seedReferenceData } from './reference';

const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  log: pino({ level: 'warn' }),
});
try {
  await runMigrations(database.db);
  await seedReferenceData(database.db);
  console.log('Reference data seeded.');
  if (process.argv.includes('--demo')) {
    const created = await seedDemoData(database.db);
    console.log(
      created.length
        ? `Demo users created: ${created.join(', ')} (password "dreamer123").`
        : 'Demo users already exist.',
    );
  }
} finally {
  await database.close();
}
