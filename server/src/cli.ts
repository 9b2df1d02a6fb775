import { randomBytes } from 'node:crypto';
import pino from 'pino';
import { openDatabase, runMigrations, type Database } from './db/client';
import { loadConfig } from './env';
import { exportJournal } from './features/transfer/service';
import { demoteUser, findUserByUsername, promoteUser, setPassword } from './features/users/service';

const USAGE = `Usage: npm run cli -- <command>
  promote <username> [--super]   make the user an admin (--super: transfer the super admin role to them)
  demote <username>              remove admin rights (the super admin cannot be demoted)
  reset-password <username>      set and print a one-time password; signs the user out everywhere
  export <username>              print the user's journal as JSON`;

class CliError extends Error {}

async function requireUser(db: Database, username: string | undefined) {
  if (!username) throw new CliError(USAGE);
  const user = await findUserByUsername(db, username);
  if (!user) throw new CliError(`No user named "${username}".`);
  return user;
}

async function run(db: Database, args: string[]): Promise<string> {
  const [command, username, ...rest] = args;
  switch (command) {
    case 'promote': {
      const user = await requireUser(db, username);
      const superAdmin = rest.includes('--super');
      await promoteUser(db, user.id, { superAdmin });
      if (superAdmin) return `${user.username} is now the super admin.`;
      return `${user.username} is now an admin.`;
    }
    case 'demote': {
      const user = await requireUser(db, username);
      if (user.isSuperAdmin) {
        throw new CliError(
          `${user.username} is the super admin and cannot be demoted. Promote another user with --super first.`,
        );
      }
      await demoteUser(db, user);
      return `${user.username} is no longer an admin.`;
    }
    case 'reset-password': {
      const user = await requireUser(db, username);
      const password = randomBytes(12).toString('base64url');
      await setPassword(db, user.id, password, { endSessions: true });
      return `One-time password for ${user.username}: ${password}\nAsk them to change it in Profile after signing in.`;
    }
    case 'export': {
      const user = await requireUser(db, username);
      return JSON.stringify(await exportJournal(db, user.id), null, 2);
    }
    default:
      throw new CliError(USAGE);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (!args.length || args[0] === '--help') {
    console.log(USAGE);
    return;
  }
  const config = loadConfig();
  const log = pino({ level: 'warn' }, pino.destination(2));
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  try {
    await runMigrations(database.db);
    console.log(await run(database.db, args));
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
