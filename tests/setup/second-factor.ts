import { totpCode, totpStep } from '../../src/server/auth/second-factor';
import { FACTORY_TOTP_KEY } from '../factories';
import type { Agent, CallResult, TestApp } from './app';
import type { Op } from './transport';

/** The code an authenticator app holding `key` shows at the test clock's time. */
export const codeAt = (t: TestApp, key = FACTORY_TOTP_KEY, offsetSteps = 0) => totpCode(key, totpStep(t.clock.now()) + offsetSteps);

/**
 * Completes a sign-in whose password step asked for the second factor, as the factory staff's
 * authenticator app would. The test clock stands still, so the same account signing in twice
 * would present the same step's code, which the server rightly refuses as a replay: the helper
 * forgets the last used step first (a test convenience; tests of the replay rule do not use it).
 */
export async function passSecondStep(t: TestApp, a: Agent, login: CallResult): Promise<CallResult> {
  if (!login.body?.secondFactorRequired) return login;
  const userId = t.db.$client.prepare('SELECT user_id FROM sign_in_challenges ORDER BY created_at DESC, rowid DESC LIMIT 1').pluck().get();
  t.db.$client.prepare('UPDATE second_factors SET last_used_step = NULL WHERE user_id = ?').run(userId);
  return a.rest('POST', '/api/auth/second-factor', {
    challenge: login.body.challenge,
    code: codeAt(t),
  });
}

/** Sets up and confirms a second factor through the API for the agent's account; answers the key and the recovery codes. */
export async function setUpSecondFactor(t: TestApp, a: Agent): Promise<{ key: string; recoveryCodes: string[] }> {
  const setup = await a.rest('POST', '/api/auth/second-factor/setup');
  if (setup.status !== 200) throw new Error(`second-factor setup failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const key = (setup.body.key as string).replace(/\s/g, '');
  const confirm = await a.rest('POST', '/api/auth/second-factor/confirm', {
    code: codeAt(t, key),
  });
  if (confirm.status !== 200) throw new Error(`second-factor confirm failed: ${confirm.status} ${JSON.stringify(confirm.body)}`);
  return { key, recoveryCodes: confirm.body.recoveryCodes };
}

const op = (method: Op['rest']['method'], path: string, procedure: string, type: 'query' | 'mutation'): Op => ({
  rest: { method, path },
  trpc: { path: procedure, type },
});

/** The second factor's REST paths and tRPC procedures as `Op`s for TRANSPORTS. */
export const SECOND_FACTOR = {
  signIn: op('POST', '/api/auth/second-factor', 'secondFactor.signIn', 'mutation'),
  status: op('GET', '/api/auth/second-factor/status', 'secondFactor.status', 'query'),
  setup: op('POST', '/api/auth/second-factor/setup', 'secondFactor.setup', 'mutation'),
  confirm: op('POST', '/api/auth/second-factor/confirm', 'secondFactor.confirm', 'mutation'),
  disable: op('POST', '/api/auth/second-factor/disable', 'secondFactor.disable', 'mutation'),
  regenerate: op('POST', '/api/auth/second-factor/recovery-codes', 'secondFactor.regenerateRecoveryCodes', 'mutation'),
} satisfies Record<string, Op>;
