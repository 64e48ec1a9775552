// `npm run finances:verify [-- --database FILE]`: checks the books of every community (what is
// checked: scripts/verify-books.ts). Exits 1 on any problem, naming each on stderr.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../db/database';
import { envOrExit, fail } from './cli';
import { verifyBooks } from './verify-books';

const { values } = parseArgs({ options: { database: { type: 'string' } } });
const path = values.database ?? envOrExit().DATABASE_PATH;
if (!existsSync(path)) fail(`No database at ${path}`);
const db = openDatabase(path, { migrate: false });
try {
  const { problems, summary } = verifyBooks(db);
  for (const p of problems) console.error(p);
  if (problems.length) process.exit(1);
  console.log(summary);
} finally {
  db.$client.close();
}
