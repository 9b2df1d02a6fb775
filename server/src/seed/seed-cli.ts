import pino from 'pino';
import { loadConfig } from '../env';
import { openDatabase, runMigrations } from '../db/client';
import { createEngine } from '../engine';
import { seedDemoData } from './demo';
import { seedReferenceData } from './reference';

const config = loadConfig();
const log = pino({ level: 'warn' });
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
try {
  await runMigrations(database.db);
  // The dictionary is seeded from the built-in knowledge base, whichever provider is configured.
  const { guided, symbols } = await seedReferenceData(database.db, createEngine({ provider: 'local', log }));
  console.log(
    `Reference data seeded (guided library: ${guided.added} added, ${guided.updated} updated, ${guided.removed} removed; dictionary: ${symbols.added} symbols added, ${symbols.updated} updated).`,
  );
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
