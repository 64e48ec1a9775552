import { parse } from '@babel/parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every text a person reads comes from the catalogues (src/shared/i18n), never from a literal in
 * a screen: this finds JSX text and the literal values of attributes people read (aria-label,
 * title, placeholder, alt, label) in src/client. Brand names and symbols are allowed.
 */

const ROOT = join(import.meta.dirname, '../../src/client');
const READ_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description', 'aria-valuetext']);
/** Texts that are the same in every language. */
const ALLOWED = new Set(['Harambee', 'English', 'Français', 'FR', 'EN', '©', '·', '—', '…', '×', '/', '+', '-', '|', ':', '#', '@', '%']);

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return files(path);
    return e.name.endsWith('.tsx') ? [path] : [];
  });
}

type Node = { type: string; [key: string]: unknown };
const hasWords = (text: string) => /\p{L}{2,}/u.test(text) && !ALLOWED.has(text.trim());

function literals(path: string): string[] {
  const source = readFileSync(path, 'utf8');
  const ast = parse(source, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const found: string[] = [];
  const where = (n: Node) => `${relative(ROOT, path)}:${(n.loc as { start: { line: number } }).start.line}`;
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as Node;
    if (n.type === 'JSXText' && hasWords(String(n.value))) found.push(`${where(n)} text "${String(n.value).trim()}"`);
    if (n.type === 'JSXAttribute') {
      const name = (n.name as { name?: string }).name;
      const value = n.value as Node | null;
      if (name && READ_ATTRIBUTES.has(name) && value?.type === 'StringLiteral' && hasWords(String(value.value))) {
        found.push(`${where(n)} ${name}="${String(value.value)}"`);
      }
    }
    for (const key of Object.keys(n)) if (key !== 'loc' && key !== 'start' && key !== 'end') visit(n[key]);
  };
  visit(ast.program);
  return found;
}

describe('no text literal in the screens', () => {
  it('finds JSX text and readable attributes only in the catalogues', { timeout: 60_000 }, () => {
    const all = files(ROOT).flatMap(literals);
    expect(all).toEqual([]);
  });

  it('would notice one', () => {
    const ast = parse('const A = () => <p title="Hello there">Welcome back</p>;', { plugins: ['typescript', 'jsx'] });
    expect(JSON.stringify(ast)).toContain('Welcome back');
  });
});
