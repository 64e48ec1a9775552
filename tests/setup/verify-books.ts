import { openDatabase } from '../../db/database';
import { verifyBooks } from '../../scripts/verify-books';

/**
 * `npm run finances:verify --database FILE` as its output would read, without starting a process:
 * the same checks (scripts/verify-books.ts) over the file, opened as the command opens it. One
 * test (tests/api/finances.test.ts) runs the real command; the others ask this, which saves a
 * process start and a TypeScript transform of the server (a few seconds each) per question.
 */
export function verifyFile(path: string): { status: number; stdout: string; stderr: string } {
  const db = openDatabase(path, { migrate: false });
  try {
    const { problems, summary } = verifyBooks(db);
    return problems.length ? { status: 1, stdout: '', stderr: problems.map((p) => `${p}\n`).join('') } : { status: 0, stdout: `${summary}\n`, stderr: '' };
  } finally {
    db.$client.close();
  }
}
