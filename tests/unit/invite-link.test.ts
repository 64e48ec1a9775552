import { describe, expect, it } from 'vitest';
import { inviteTokenFrom } from '../../src/shared/invite-link';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz234567abcdefghijklmnopqrst';

describe('inviteTokenFrom: the token in a pasted invite link or code', () => {
  it.each([
    [`https://harambee.example.org/invite/${TOKEN}`, TOKEN],
    [`  http://localhost:3000/invite/${TOKEN}/  `, TOKEN],
    [`https://x.org/invite/${TOKEN}?utm=whatsapp`, TOKEN],
    [`/invite/${TOKEN}`, TOKEN],
    [`Join us! https://x.org/invite/${TOKEN.toUpperCase()}`, TOKEN],
    [TOKEN, TOKEN],
  ])('%s', (text, token) => expect(inviteTokenFrom(text)).toBe(token));

  it.each(['', '   ', 'hello', 'https://x.org/communities/12', `https://x.org/invite/${TOKEN}0189`, 'abc'])('refuses %j', (text) => expect(inviteTokenFrom(text)).toBeNull());
});
