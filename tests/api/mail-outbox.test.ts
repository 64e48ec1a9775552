import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../../src/server/mail/mailer';

describe('the outbox (no SMTP_URL)', () => {
  it('keeps each email in a file only the server’s user can read, and never prints its link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'harambee-outbox-'));
    try {
      const lines: string[] = [];
      const mailer = createMailer({ from: 'Harambee <no-reply@localhost>', outboxDir: dir, log: (l) => lines.push(l) });
      const link = 'http://localhost:3000/reset-password?token=secret-token-0123456789';
      await mailer.send({ to: 'amara@example.org', subject: 'Reset your Harambee password', text: `Choose a new password: ${link}`, html: `<a href="${link}">Choose</a>`, link });
      const [file] = readdirSync(dir);
      expect(readFileSync(join(dir, file!), 'utf8')).toContain('secret-token-0123456789');
      expect(statSync(join(dir, file!)).mode & 0o777).toBe(0o600);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain('Reset your Harambee password');
      expect(lines[0]).not.toContain('secret-token');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
