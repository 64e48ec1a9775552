import type { Hono } from 'hono';
import type { AnyOperation } from '../../src/server/operations/define';
import { OPERATIONS_BY_PATH } from '../../src/server/operations';
import { restOperation, restRoutedOperations } from '../../src/server/rest/route';
import type { Agent } from './app';
import { paramNames } from './hardening-targets';
import { REST, TRPC, type Op, type Outcome } from './transport';

/*
 * The REST side of every operation, read from the app itself: which operations have a REST route
 * (src/server/rest/route.ts records the operation each handler runs), at which method and path,
 * and how a tRPC input becomes that REST request, so a test can send the same call both ways and
 * compare the answers (the authorization matrix's parity part, tests/api/hardening-authz.test.ts).
 */

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path with Hono's parameter patterns taken out: /api/communities/:id/members. */
  path: string;
  /** Fields the REST route needs in its body beyond the operation's input (one path for two operations). */
  extraBody?: Record<string, unknown>;
};

/**
 * Operations whose REST route is not route()'s handler itself, so the app's routes cannot name it:
 * a path that dispatches between two operations, or a handler with a transport check of its own.
 * A new one belongs here; the parity test says which are missing.
 */
export const DISPATCHED_ROUTES: Record<string, RestRoute> = {
  // POST /api/conversations opens a direct conversation, or a group when the body says kind: 'group'.
  'chat.openDirect': { method: 'POST', path: '/api/conversations' },
  'chat.createGroup': { method: 'POST', path: '/api/conversations', extraBody: { kind: 'group' } },
  // Refused without a session change for cross-site requests (the transport's own check), else the operation.
  'auth.logout': { method: 'POST', path: '/api/auth/logout' },
};

const plainPath = (path: string) => path.replace(/(:[A-Za-z0-9_]+)\{[^}]*\}/g, '$1');

/** Every operation that has a REST route, by its procedure path ('communities.members'), with its routes. */
export function restRoutesByOperation(app: Hono): { routes: Map<string, RestRoute[]>; unplaced: string[] } {
  const nameOf = new Map<AnyOperation, string>([...OPERATIONS_BY_PATH].map(([path, op]) => [op, path]));
  const routes = new Map<string, RestRoute[]>();
  const add = (name: string, r: RestRoute) => {
    const list = routes.get(name) ?? [];
    if (!list.some((x) => x.method === r.method && x.path === r.path)) list.push(r);
    routes.set(name, list);
  };
  for (const r of app.routes) {
    const op = restOperation(r.handler);
    const name = op && nameOf.get(op);
    if (name) add(name, { method: r.method as RestRoute['method'], path: plainPath(r.path) });
  }
  const unplaced: string[] = [];
  for (const op of restRoutedOperations()) {
    const name = nameOf.get(op);
    if (!name || routes.has(name)) continue;
    const declared = DISPATCHED_ROUTES[name];
    if (declared) add(name, declared);
    else unplaced.push(name);
  }
  return { routes, unplaced };
}

/**
 * The input field a path parameter carries: the field of that name, or for `:id` after
 * `/communities/` the `communityId` (after `/conversations/`, `conversationId`; after
 * `/meeting-fines/`, `fineId`) when the input has no `id`. Undefined when neither fits: the route needs an explicit mapping.
 */
export function paramField(route: RestRoute, param: string, input: Record<string, unknown>): string | undefined {
  if (param in input) return param;
  // The segment's last word: `/meeting-fines/:id` carries a `fineId`.
  const before = route.path.split(`/:${param}`)[0]!.split('/').pop()?.split('-').pop() ?? '';
  const singular = before.endsWith('ies') ? `${before.slice(0, -3)}y` : before.replace(/s$/, '');
  const field = `${singular}${param[0]!.toUpperCase()}${param.slice(1)}`;
  return field in input ? field : undefined;
}

/** The transport helpers' Op for this route and procedure, its path parameters mapped to the input's fields. */
export function opFor(procedure: string, route: RestRoute, input: unknown): Op {
  const fields = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const params: Record<string, string> = {};
  for (const param of paramNames(route.path)) {
    const field = paramField(route, param, fields);
    if (!field) throw new Error(`${route.method} ${route.path}: no field of ${procedure}'s input for :${param}; map it in tests/setup/rest-parity.ts`);
    params[param] = field;
  }
  const type = OPERATIONS_BY_PATH.get(procedure)!.type;
  return { rest: { method: route.method, path: route.path, params }, trpc: { path: procedure, type } };
}

/** Sends the call over REST (path, query or body from the input, as a client of the documented API would). */
export function callRest(a: Agent, procedure: string, route: RestRoute, input: unknown): Promise<Outcome> {
  const op = opFor(procedure, route, input);
  const withExtra = route.extraBody ? { ...route.extraBody, ...(input as object) } : input;
  return REST.call(a, op, withExtra);
}

export function callTrpc(a: Agent, procedure: string, input: unknown): Promise<Outcome> {
  const type = OPERATIONS_BY_PATH.get(procedure)!.type;
  return TRPC.call(a, { rest: { method: 'GET', path: '' }, trpc: { path: procedure, type } }, input);
}

/** The value with every object's keys in one order, so key order does not count as a difference. */
function sorted(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sorted);
  if (v && typeof v === 'object') return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted((v as Record<string, unknown>)[k])]));
  return v;
}

/** Values that are new on every call (ids, tokens, keys, codes), so two calls' answers can be compared. */
function mask(v: unknown): unknown {
  return JSON.parse(
    JSON.stringify(sorted(JSON.parse(JSON.stringify(v ?? null))))
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>')
      .replace(/"(tempPassword|challenge|token|key|secret)":"[^"]+"/g, '"$1":"<random>"')
      .replace(/otpauth:\/\/[^"]+/g, '<otpauth>')
      .replace(/data:image\/[^"]+/g, '<image>')
      .replace(/"recoveryCodes":\[[^\]]*\]/g, '"recoveryCodes":"<codes>"')
      .replace(/([?&]token=)[A-Za-z0-9_-]+/g, '$1<random>')
      .replace(/(\/invite\/)[a-z2-7]+/g, '$1<random>')
      .replace(/"qrSvg":"(?:[^"\\]|\\.)*"/g, '"qrSvg":"<qr code>"'),
  );
}

export type Answer = { status: number | 'ok'; error?: unknown; data?: unknown };

/**
 * One answer from either transport in one shape: the refusal (status, message, code, field
 * issues), or 'ok' and the data. A REST list (a JSON array, the cursor in X-Next-Cursor, a total in
 * X-Total-Count) reads as tRPC's { items, nextCursor, total }; a REST file as the tRPC result's
 * text or JSON; REST's 401 for GET /api/auth/user signed out as tRPC's null (the one documented
 * difference).
 */
export function answerOf(o: Outcome, transport: 'REST' | 'tRPC', trpcData?: unknown): Answer {
  if (o.error) {
    if (transport === 'REST' && o.status === 401 && trpcData === null) return { status: 'ok', data: null };
    return { status: o.status, error: mask({ message: o.error.message, code: o.error.code, issues: o.error.issues ?? null }) };
  }
  if (o.status < 200 || o.status >= 300) return { status: o.status, data: mask(o.raw) };
  if (transport === 'tRPC') {
    // A page as REST can carry it: items, the next cursor and a total (an offset has no header).
    const d = o.data as Record<string, unknown> | null;
    if (d && typeof d === 'object' && Array.isArray(d.items) && 'nextCursor' in d) {
      return { status: 'ok', data: mask({ items: d.items, nextCursor: d.nextCursor, ...('total' in d ? { total: d.total } : {}) }) };
    }
    return { status: 'ok', data: mask(o.data) };
  }
  const type = o.headers.get('content-type') ?? '';
  let data: unknown = o.data;
  if (Array.isArray(data) && trpcData && typeof trpcData === 'object' && 'items' in trpcData) {
    const next = o.headers.get('x-next-cursor');
    const total = o.headers.get('x-total-count');
    const cursor = (trpcData as unknown as { nextCursor: unknown }).nextCursor;
    data = { items: data, nextCursor: next === null ? null : typeof cursor === 'number' ? Number(next) : next, ...(total === null ? {} : { total: Number(total) }) };
  } else if (!type.includes('application/json') || o.headers.get('content-disposition')) {
    // A file: the tRPC result carries its text in one field (csv, ics) beside its name, or is the JSON itself.
    const text = typeof o.raw === 'string' ? o.raw : JSON.stringify(o.raw);
    const t = (trpcData ?? {}) as Record<string, unknown>;
    const field = Object.keys(t).find((k) => typeof t[k] === 'string' && k !== 'filename' && t[k] === text);
    data = field ? { ...t, [field]: text } : typeof o.raw === 'string' ? (safeJson(text) ?? text) : o.raw;
  }
  return { status: 'ok', data: mask(data) };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Where two answers part, with a little of each around it. */
export function whereTheyDiffer(a: unknown, b: unknown): string {
  const x = JSON.stringify(a);
  const y = JSON.stringify(b);
  let i = 0;
  while (i < x.length && x[i] === y[i]) i += 1;
  const from = Math.max(0, i - 120);
  return `REST …${x.slice(from, i + 200)}…\n  tRPC …${y.slice(from, i + 200)}…`;
}
