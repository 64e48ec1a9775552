import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../factories';
import { agent, makeTestApp, newUser, PASSWORD } from '../setup/app';
import { startSmtp, tokenOf } from '../setup/smtp';
import { OPS, registered, signIn, TRANSPORTS, whoAmI } from '../setup/transport';

/*
 * After sign-up, opening the verification link in the browser that signed up signs the person in
 * (when nobody is signed in there); anywhere else the link only verifies. The first visit says
 * "Welcome", later ones "Welcome back" (the account's `firstVisit`).
 */

let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
});
afterAll(() => smtp.close());

const HOUR = 60 * 60 * 1000;
const pendingRows = (t: ReturnType<typeof makeTestApp>) =>
  t.db.$client.prepare("SELECT count(*) FROM email_tokens WHERE purpose = 'pending-sign-in'").pluck().get() as number;

/** Signs up through `a` (the browser under test) and returns the mailed verification token. */
async function signUpIn(_t: ReturnType<typeof makeTestApp>, a: ReturnType<typeof agent>, over: Record<string, string> = {}) {
  const u = newUser(over);
  const r = await a.rest('POST', '/api/auth/register', u);
  expect(r.status).toBe(201);
  const mail = await smtp.lastTo(u.email);
  return { u, token: tokenOf(mail.link)! };
}

for (const tr of TRANSPORTS) {
  describe(`${tr.title(OPS.verifyEmail)}: the browser that signed up is signed in`, () => {
    it('signs in the browser that signed up, once, as a first visit', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const a = agent(t);
      const { u, token } = await signUpIn(t, a);
      expect(a.cookie).toBeNull();
      expect(pendingRows(t)).toBe(1);
      const r = await tr.call(a, OPS.verifyEmail, { token });
      expect(r.status).toBe(200);
      expect(r.data).toEqual({ success: true, email: u.email.toLowerCase(), signedIn: true });
      const me = await whoAmI(a);
      expect(me).toMatchObject({ email: u.email.toLowerCase(), isEmailVerified: true, firstVisit: true });
      // The cookie is spent and cleared: the row is gone and the browser no longer sends it.
      expect(pendingRows(t)).toBe(0);
      expect(a.others.size).toBe(0);
    });

    it('the link opened in another browser verifies without signing anyone in', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const { token } = await signUpIn(t, agent(t));
      const elsewhere = agent(t);
      const r = await tr.call(elsewhere, OPS.verifyEmail, { token });
      expect(r.data).toMatchObject({ success: true, signedIn: false });
      expect(elsewhere.cookie).toBeNull();
      expect(await whoAmI(elsewhere)).toBeNull();
    });

    it('a browser where someone is signed in keeps that person', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const other = await makeUser(t.db);
      const a = await signIn(t, other.email);
      const { token } = await signUpIn(t, a);
      const r = await tr.call(a, OPS.verifyEmail, { token });
      expect(r.data).toMatchObject({ success: true, signedIn: false });
      expect((await whoAmI(a))?.id).toBe(other.id);
    });

    it('the cookie of a sign-up with a taken address signs nobody in, not even with the owner’s own link', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const owner = await registered(t);
      const ownerLink = tokenOf((await smtp.lastTo(owner.email)).link)!;
      const intruder = agent(t);
      const r = await intruder.rest('POST', '/api/auth/register', newUser({ email: owner.email }));
      expect(r.status).toBe(201);
      expect(intruder.others.size).toBe(1);
      const verified = await tr.call(intruder, OPS.verifyEmail, { token: ownerLink });
      expect(verified.data).toMatchObject({ success: true, signedIn: false });
      expect(await whoAmI(intruder)).toBeNull();
    });

    it('another account’s pending cookie does not open the account a link verifies', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const first = agent(t);
      await signUpIn(t, first);
      const second = agent(t);
      const { token: secondToken } = await signUpIn(t, second);
      // The first browser opens the second account's link: verified, but the first's cookie is not the second's.
      const r = await tr.call(first, OPS.verifyEmail, { token: secondToken });
      expect(r.data).toMatchObject({ success: true, signedIn: false });
      expect(await whoAmI(first)).toBeNull();
    });

    it('past two hours the cookie has lapsed: the link verifies only', async () => {
      const t = makeTestApp({ smtpUrl: smtp.url });
      const a = agent(t);
      const { token } = await signUpIn(t, a);
      t.clock.advance(2 * HOUR + 1);
      const r = await tr.call(a, OPS.verifyEmail, { token });
      expect(r.data).toMatchObject({ success: true, signedIn: false });
      expect(await whoAmI(a)).toBeNull();
    });
  });
}

describe('REST: the first visit says “Welcome”, later ones “Welcome back”', () => {
  it('firstVisit is true until the account signs in a second time', async () => {
    const t = makeTestApp({ smtpUrl: smtp.url });
    const u = await registered(t);
    const first = await signIn(t, u.email, PASSWORD);
    expect((await whoAmI(first))?.firstVisit).toBe(true);
    const second = await signIn(t, u.email, PASSWORD);
    expect((await whoAmI(second))?.firstVisit).toBe(false);
    const login = await agent(t).rest('POST', '/api/auth/login', { email: u.email, password: PASSWORD });
    expect(login.body.firstVisit).toBe(false);
  });
});
