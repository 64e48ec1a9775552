import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/*
 * `npm run bench:web` keeps its latest table in its own marked section of docs/benchmarks.md
 * (beside the server bench's "Latest run"), replaced on each whole run.
 */
const START = '<!-- bench:web:start -->';
const END = '<!-- bench:web:end -->';

export function writeSection(path: string, body: string): void {
  const section = `${START}\n${body.trim()}\n${END}`;
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(path, next);
}
