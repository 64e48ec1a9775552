import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { AUDIT_ACTIONS } from '../../src/shared/audit-actions';
import { en } from '../../src/shared/i18n/en';
import { fr } from '../../src/shared/i18n/fr';

const at = (tree: unknown, path: string): unknown => path.split('.').reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[k] : undefined), tree);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('the staff audit log: every audited action has a readable name', () => {
  it.each(AUDIT_ACTIONS)('%s has a label in English and French, not the same sentence', (action) => {
    const label = { en: at(en, `admin.audit.actions.${action}`), fr: at(fr, `admin.audit.actions.${action}`) };
    expect(typeof label.en === 'string' && label.en.trim(), 'English').toBeTruthy();
    expect(typeof label.fr === 'string' && label.fr.trim(), 'French').toBeTruthy();
    expect(label.fr).not.toBe(label.en);
  });

  it('lists every action code the server writes (recordAudit with a literal action)', () => {
    // The type already refuses an unlisted code; this catches a list entry left behind by a removed action too.
    const written = new Set<string>();
    for (const f of files('src/server')) {
      const text = readFileSync(f, 'utf8');
      for (const call of text.matchAll(/recordAudit\([^;]*?action:\s*([^,\n]+)/gs)) for (const code of call[1]!.matchAll(/'([a-z_]+\.[A-Za-z_.]+)'/g)) written.add(code[1]!);
    }
    expect(written.size).toBeGreaterThan(20);
    expect([...written].sort()).toEqual([...AUDIT_ACTIONS].sort());
  });
});
