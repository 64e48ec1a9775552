import { agent, newUser, PASSWORD, type Agent, type CallResult, type TestApp } from './app';
import { passSecondStep } from './second-factor';
import { findUserByEmail } from '../../src/server/services/users';
import { DEEP } from './depth';

/**
 * One behaviour, two transports: each operation names its REST path and its tRPC
 * procedure, and `TRANSPORTS` calls either and answers in one shape, so a test can be
 * written once and run as `describe('tRPC: auth.login')` and `describe('REST: POST /api/auth/login')`.
 */
export type Op = {
  /**
   * `params` maps a `:name` in the REST path to the tRPC input field that fills it (e.g. `:id` ←
   * `communityId`); `created` marks a REST path that answers 201; `page` a list (JSON array +
   * X-Next-Cursor on REST, `{ items, nextCursor }` on tRPC).
   */
  rest: { method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; params?: Record<string, string>; created?: boolean; page?: boolean };
  trpc: { path: string; type: 'query' | 'mutation' };
};

export const op = (
  method: Op['rest']['method'],
  path: string,
  procedure: string,
  type: Op['trpc']['type'] = 'mutation',
  extra: Pick<Op['rest'], 'params' | 'created' | 'page'> = {},
): Op => ({
  rest: { method, path, ...extra },
  trpc: { path: procedure, type },
});
const byCommunity = { params: { id: 'communityId' } };

export const OPS = {
  me: op('GET', '/api/auth/user', 'auth.me', 'query'),
  register: op('POST', '/api/auth/register', 'auth.register'),
  login: op('POST', '/api/auth/login', 'auth.login'),
  logout: op('POST', '/api/auth/logout', 'auth.logout'),
  verifyEmail: op('POST', '/api/auth/verify-email', 'auth.verifyEmail'),
  resendVerification: op('POST', '/api/auth/resend-verification', 'auth.resendVerification'),
  forgotPassword: op('POST', '/api/auth/forgot-password', 'auth.forgotPassword'),
  resetPassword: op('POST', '/api/auth/reset-password', 'auth.resetPassword'),
  changePassword: op('POST', '/api/auth/change-password', 'auth.changePassword'),
  updateProfile: op('POST', '/api/auth/update-profile', 'profile.update'),
  updatePanel: op('PATCH', '/api/user/profile', 'profile.updatePanel'),
  createCommunity: op('POST', '/api/communities', 'communities.create', 'mutation', { created: true }),
  joinedCommunities: op('GET', '/api/communities/joined', 'communities.joined', 'query', { page: true }),
  createdCommunities: op('GET', '/api/communities/created', 'communities.created', 'query', { page: true }),
  allCommunities: op('GET', '/api/communities/all', 'communities.list', 'query', { page: true }),
  community: op('GET', '/api/communities/:id', 'communities.byId', 'query', { params: { id: 'id' } }),
  joinCommunity: op('POST', '/api/communities/:id/join', 'communities.join', 'mutation', byCommunity),
  leaveCommunity: op('POST', '/api/communities/:id/leave', 'communities.leave', 'mutation', byCommunity),
  withdrawRequest: op('DELETE', '/api/communities/:id/join', 'communities.withdrawRequest', 'mutation', byCommunity),
  communityMembers: op('GET', '/api/communities/:id/members', 'communities.members', 'query', { ...byCommunity, page: true }),
} satisfies Record<string, Op>;

export type Issue = { path: (string | number)[]; message: string };
export type Outcome = {
  status: number;
  headers: Headers;
  /** The result on success (REST body, tRPC result.data). */
  data: any;
  /** On failure: the readable message, the code and the zod issues, whichever transport. */
  error?: { message: string; code: string; issues?: Issue[] };
  raw: unknown;
};

export type Transport = {
  name: 'tRPC' | 'REST';
  /** 'tRPC: auth.login' or 'REST: POST /api/auth/login'. */
  title(op: Op): string;
  call(a: Agent, op: Op, input?: unknown, headers?: Record<string, string>): Promise<Outcome>;
  /** The status a successful call of `op` answers with (REST creates with 201). */
  okStatus(op: Op): number;
  /** A successful list call as one shape, checking the transport's own form (REST: array + X-Next-Cursor). */
  page<T = any>(r: Outcome): { items: T[]; nextCursor: number | null };
};

function fromRest(r: CallResult): Outcome {
  const failed = r.status >= 400;
  const b = r.body;
  return {
    status: r.status,
    headers: r.headers,
    raw: b,
    data: failed ? undefined : b,
    error: failed ? { message: b?.error, code: b?.code, issues: b?.issues } : undefined,
  };
}

function fromTrpc(r: CallResult): Outcome {
  const b = r.body;
  if (r.status < 400) return { status: r.status, headers: r.headers, raw: b, data: b?.result?.data };
  const e = b?.error;
  // Middleware in front of tRPC (CSRF, body limit) answers in the REST shape.
  const error =
    typeof e === 'string'
      ? { message: e, code: b.code, issues: b.issues }
      : { message: e?.message, code: e?.data?.code, issues: e?.data?.issues ?? undefined };
  return { status: r.status, headers: r.headers, raw: b, data: undefined, error };
}

export const REST: Transport = {
  name: 'REST',
  title: (o) => `REST: ${o.rest.method} ${o.rest.path}`,
  async call(a, o, input, headers = {}) {
    const { path, rest } = restPath(o, input);
    if (o.rest.method === 'GET') {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(rest ?? {})) if (v !== undefined) query.set(k, String(v));
      const qs = query.toString();
      return fromRest(await a.rest('GET', qs ? `${path}?${qs}` : path, undefined, headers));
    }
    return fromRest(await a.rest(o.rest.method, path, rest as Record<string, unknown> | undefined, headers));
  },
  okStatus: (o) => (o === OPS.register || o.rest.created ? 201 : 200),
  page(r) {
    if (!Array.isArray(r.data)) throw new Error(`REST list is not a JSON array: ${JSON.stringify(r.raw)}`);
    const next = r.headers.get('x-next-cursor');
    return { items: r.data, nextCursor: next === null ? null : Number(next) };
  },
};

/** Fills `:name` segments of the REST path from the input; the rest of the input is the body or query. */
function restPath(o: Op, input: unknown): { path: string; rest: unknown } {
  const params = o.rest.params;
  if (!params || !input || typeof input !== 'object') return { path: o.rest.path, rest: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  let path = o.rest.path;
  for (const [name, field] of Object.entries(params)) {
    path = path.replace(`:${name}`, encodeURIComponent(String(rest[field])));
    delete rest[field];
  }
  return { path, rest };
}

export const TRPC: Transport = {
  name: 'tRPC',
  title: (o) => `tRPC: ${o.trpc.path}`,
  async call(a, o, input, headers = {}) {
    const path = `/trpc/${o.trpc.path}`;
    if (o.trpc.type === 'query') {
      const q = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      return fromTrpc(await a.rest('GET', `${path}${q}`, undefined, headers));
    }
    // As the tRPC client does, a mutation says it is JSON even without input (else 415).
    const all = { 'content-type': 'application/json', ...headers };
    return fromTrpc(await a.rest('POST', path, input as Record<string, unknown> | undefined, all));
  },
  okStatus: () => 200,
  page(r) {
    const d = r.data;
    if (!d || !Array.isArray(d.items) || !('nextCursor' in d)) throw new Error(`tRPC list is not { items, nextCursor }: ${JSON.stringify(r.raw)}`);
    if (r.headers.get('x-next-cursor') !== null) throw new Error('tRPC lists carry the cursor in the body, not a header');
    return d;
  },
};

export const TRANSPORTS = [TRPC, REST] as const;

/**
 * The transports a domain file runs its flows over: in `npm test` the one it names; under
 * `npm run test:deep` (TEST_DEPTH=deep) both. Every REST route is called alongside its tRPC
 * procedure, allowed and refused, by the authorization matrix's parity part
 * (tests/api/hardening-authz.test.ts), so running a whole flow twice tests the flow twice, not
 * the transports. Files alternate between the two so both carry flows; the titles still say which
 * (`${T.name}: …`). `for (const T of TRANSPORTS)` still runs both, for what is about the transport itself.
 */
export const transportsFor = (one: Transport): readonly Transport[] => (DEEP ? TRANSPORTS : [one]);

export type TestUser = ReturnType<typeof newUser> & { id: string };

/** A registered account (over REST; the transport under test is not involved). */
export async function registered(t: TestApp, over: Partial<Record<string, string>> = {}): Promise<TestUser> {
  const u = newUser(over);
  const r = await agent(t).rest('POST', '/api/auth/register', u);
  if (r.status !== 201) throw new Error(`register failed: ${r.status} ${JSON.stringify(r.body)}`);
  // Sign-up answers alike for new and taken addresses (no account in the body): the id is read from the database.
  const id = findUserByEmail(t.db, u.email.toLowerCase())?.id;
  if (!id) throw new Error(`register created no account for ${u.email}`);
  return { ...u, id };
}

/** An agent signed in with the given credentials (and, for factory staff, their second factor). */
export async function signIn(t: TestApp, email: string, password = PASSWORD): Promise<Agent> {
  const a = agent(t);
  const r = await passSecondStep(t, a, await a.rest('POST', '/api/auth/login', { email, password }));
  if (r.status !== 200 || !a.cookie) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return a;
}

/** A fresh account and an agent signed in to it. */
export async function signedIn(t: TestApp, over: Partial<Record<string, string>> = {}) {
  const user = await registered(t, over);
  return { user, a: await signIn(t, user.email, user.password) };
}

/** The current user as REST sees it through this agent's cookie, or null when signed out. */
export async function whoAmI(a: Agent): Promise<Record<string, any> | null> {
  const r = await a.rest('GET', '/api/auth/user');
  if (r.status === 401) return null;
  if (r.status !== 200) throw new Error(`GET /api/auth/user answered ${r.status}`);
  return r.body;
}

/** A throwaway agent that carries the given cookie (to test that an old cookie is dead). */
export function withCookie(t: TestApp, cookie: string | null): Agent {
  const a = agent(t);
  a.cookie = cookie;
  return a;
}
