import { describe, expect, it } from 'vitest';
import { mention, newTopic } from '../setup/discussions';
import { eventWorld, mailText, plain } from '../setup/events';
import { startSmtp } from '../setup/smtp';

/*
 * Replies and mentions in discussions are always in the app; members who chose "email at once" for
 * discussions in their profile also get them by email, in their language, at once. Nobody else is
 * emailed at once (the default is the daily digest).
 */

describe('discussion notices by email, for those who chose it', () => {
  it('a mention and a reply reach the inbox of members who opted in, and only theirs', async () => {
    const smtp = await startSmtp();
    try {
      const { agents, users, community } = await eventWorld({ smtpUrl: smtp.url });
      // In the digest by default, not at once.
      expect((await agents.bih.query('notifications.preferences')).data.kinds.discussions.channel).toBe('digest');
      const on = await agents.bih.mutate('notifications.setPreferences', { kinds: { discussions: 'email' } });
      expect(on.status, JSON.stringify(on.error)).toBe(200);
      expect(on.data.kinds).toMatchObject({ discussions: { channel: 'email' }, events: { channel: 'digest', isDefault: true } });
      expect((await agents.bih.mutate('notifications.setPreferences', {})).status).toBe(400);

      const before = smtp.messages.length;
      const topic = await agents.amara.mutate('discussions.create', newTopic(community.id, { title: 'Harvest festival stalls', body: `Who can help? ${mention(users.bih)} ${mention(users.treasurer)}` }));
      expect(topic.status, JSON.stringify(topic.error)).toBe(200);
      // Bih reads French and opted in; the treasurer did not opt in (the app still tells both).
      const mail = await smtp.lastTo(users.bih.email);
      expect(plain(mailText(mail.raw))).toContain('Amara');
      expect(mail.subject).toMatch(/mentionn/i);
      expect(mailText(mail.raw)).toContain(`/topics/${topic.data.id}`);
      expect(smtp.messages.slice(before).flatMap((m) => m.to)).toEqual([users.bih.email]);

      // Bih replies (she now follows the topic); Amara's reply to her is emailed as a reply.
      await agents.bih.mutate('discussions.reply', { id: topic.data.id, body: 'Je peux tenir le stand des beignets.' });
      const count = smtp.messages.length;
      await agents.amara.mutate('discussions.reply', { id: topic.data.id, body: 'Merci !' });
      const reply = await smtp.lastTo(users.bih.email);
      expect(smtp.messages.length).toBe(count + 1);
      expect(reply.subject).toMatch(/r(é|=C3=A9)ponse/i);
    } finally {
      await smtp.close();
    }
  });
});
