import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { agent, makeTestApp, newUser } from '../setup/app';
import { startSmtp } from '../setup/smtp';
import { signedIn } from '../setup/transport';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

/** A message's subject as a person reads it: unfolded, RFC 2047 words decoded ("=?UTF-8?Q?R=C3=A9…?=" → "Ré…"). */
function subjectOf(raw: string): string {
  const folded = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
  return decodeHeader(folded.replace(/\r?\n[ \t]/g, ' '));
}

function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
    );
}

describe('REST: the language of messages', () => {
  it('answers validation errors in English by default and in French for Accept-Language: fr', async () => {
    const t = makeTestApp();
    const body = { email: '', password: 'x' };
    const en = await agent(t).rest('POST', '/api/auth/login', body);
    expect(en.status).toBe(400);
    expect(en.body.error).toBe('Please enter your email address');
    const fr = await agent(t).rest('POST', '/api/auth/login', body, { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' });
    expect(fr.status).toBe(400);
    expect(fr.body).toEqual({
      error: 'Veuillez saisir votre adresse e-mail',
      code: 'BAD_REQUEST',
      issues: [{ path: ['email'], message: 'Veuillez saisir votre adresse e-mail' }],
    });
  });

  it('translates refusals that carry values (the password policy minimum)', async () => {
    const t = makeTestApp();
    const { a } = await signedIn(t);
    const r = await a.rest('POST', '/api/auth/change-password', { currentPassword: 'nope', newPassword: 'short1' }, { 'accept-language': 'fr' });
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('Le mot de passe doit contenir au moins 8 caractères');
  });

  it('answers an unknown path, a foreign site and an access refusal in French when asked', async () => {
    const t = makeTestApp();
    const fr = { 'accept-language': 'fr' };
    expect((await agent(t).rest('GET', '/api/nothing-here', undefined, fr)).body.error).toBe('Ce chemin d’API n’existe pas');
    expect((await agent(t).rest('GET', '/api/auth/user', undefined, fr)).body.error).toBe('Authentification requise');
    const foreign = await agent(t).rest('POST', '/api/auth/login', {}, { ...fr, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.error).toBe('Cette requête venait d’un autre site et a été refusée.');
  });

  it('keeps English for a language it does not speak', async () => {
    const t = makeTestApp();
    const r = await agent(t).rest('POST', '/api/auth/login', { email: '' }, { 'accept-language': 'de-DE,de;q=0.9' });
    expect(r.body.error).toBe('Please enter your email address');
  });
});

describe('tRPC: the language of messages', () => {
  it('follows Accept-Language, as the app sends its interface language', async () => {
    const t = makeTestApp();
    const r = await agent(t).mutate('auth.login', { email: 'a@b.c', password: 'wrong-password' }, { 'accept-language': 'fr' });
    expect(r.status).toBe(401);
    expect(r.error?.message).toBe('Adresse e-mail ou mot de passe incorrect. Veuillez réessayer.');
  });
});

describe('REST: the language of a member', () => {
  it('stores the language of the visitor who signs up, and lets them change it', async () => {
    const t = makeTestApp();
    const a = agent(t);
    const u = newUser();
    const r = await a.rest('POST', '/api/auth/register', u, { 'accept-language': 'fr' });
    expect(r.status).toBe(201);
    expect(t.db.select().from(users).where(eq(users.email, u.email.toLowerCase())).get()?.language).toBe('fr');
    await a.rest('POST', '/api/auth/login', { email: u.email, password: u.password });
    const changed = await a.rest('PATCH', '/api/user/profile', { language: 'en' });
    expect(changed.status).toBe(200);
    expect(changed.body.language).toBe('en');
    const bad = await a.rest('PATCH', '/api/user/profile', { language: 'de' }, { 'accept-language': 'fr' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Veuillez choisir l’anglais ou le français');
  });

  it('sends emails in the recipient’s language, whatever the language of the request', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const u = newUser();
    await agent(t).rest('POST', '/api/auth/register', u, { 'accept-language': 'fr' });
    const welcome = await smtp.lastTo(u.email.toLowerCase());
    expect(subjectOf(welcome.raw)).toBe('Confirmez votre adresse e-mail pour Harambee');
    // The reset is asked for in English; the recipient reads French.
    await agent(t).rest('POST', '/api/auth/forgot-password', { email: u.email });
    const reset = await smtp.nextTo(u.email.toLowerCase(), 0, '/reset-password');
    expect(subjectOf(reset.raw)).toBe('Réinitialisez votre mot de passe Harambee');
    // An English reader gets English.
    t.db.update(users).set({ language: 'en' }).where(eq(users.email, u.email.toLowerCase())).run();
    await agent(t).rest('POST', '/api/auth/forgot-password', { email: u.email });
    const english = await smtp.nextTo(u.email.toLowerCase(), 1, '/reset-password');
    expect(subjectOf(english.raw)).toBe('Reset your Harambee password');
  });

  it('shows stored notifications in the reader’s language', async () => {
    const t = makeTestApp();
    const { a } = await signedIn(t);
    const en = await a.query('notifications.list', {});
    expect(en.data.items[0].title).toMatch(/^Welcome, /);
    const fr = await a.rest('GET', `/trpc/notifications.list?input=${encodeURIComponent('{}')}`, undefined, { 'accept-language': 'fr' });
    expect(fr.body.result.data.items[0].title).toMatch(/^Bienvenue, .+\u00a0!$/);
    expect(fr.body.result.data.items[0].message).toBe('Votre compte est prêt. Trouvez une communauté à rejoindre, ou créez la vôtre.');
  });
});
