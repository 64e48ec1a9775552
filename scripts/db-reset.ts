// Deletes the database file (and its WAL) and recreates it empty. Refuses without --yes.
import { rmSync } from 'node:fs';
import { openDatabase } from '../db/database';
import { envOrExit } from './cli';

const env = envOrExit();
if (!process.argv.includes('--yes')) {
  console.error(`This deletes every account in ${env.DATABASE_PATH}. Run again with: npm run db:reset -- --yes`);
  process.exit(1);
}
for (const suffix of ['', '-wal', '-shm']) rmSync(env.DATABASE_PATH + suffix, { force: true });
openDatabase(env.DATABASE_PATH).$client.close();
console.log(`Recreated an empty database at ${env.DATABASE_PATH}`);
