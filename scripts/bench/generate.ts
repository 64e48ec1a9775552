import type Database from 'better-sqlite3';
import { existsSync, renameSync, rmSync } from 'node:fs';
import { openDatabase } from '../../db/database';
import { ACTIVITIES, CITIES, CLOSINGS, FIRST_NAMES, GROUPS, KINDS, LAST_NAMES, OPENINGS, PHONE_AREAS, REGIONS } from './words';

/*
 * Bulk data for `npm run bench`: raw prepared statements in big transactions (the factories
 * would take hours at this size), one password hash for every user, member_count equal to
 * the membership rows, and every creator a member with role 'creator'.
 */
export const BENCH_VERSION = 1; // bump when the generator changes: cached databases are rebuilt
export const BENCH_EMAIL = 'bench@example.org';
export type Scale = { users: number; communities: number; memberships: number };

/** A seeded PRNG (mulberry32), so two builds of one scale hold the same data. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function progress(label: string, total: number) {
  let shown = -1;
  return (done: number) => {
    const pct = Math.floor((done * 100) / total);
    const step = process.stdout.isTTY ? 1 : 10;
    if (pct === shown || (pct % step !== 0 && done !== total)) return;
    shown = pct;
    const line = `  ${label}: ${done.toLocaleString('en-US')} / ${total.toLocaleString('en-US')} (${pct}%)`;
    if (process.stdout.isTTY) process.stdout.write(`\r${line}${done === total ? '\n' : ''}`);
    else console.log(line);
  };
}

/** True when `path` holds a finished build of this scale by this generator version. */
export function isComplete(path: string, scale: Scale): boolean {
  if (!existsSync(path)) return false;
  const db = openDatabase(path, { migrate: false });
  try {
    const sqlite = db.$client;
    if (sqlite.pragma('user_version', { simple: true }) !== BENCH_VERSION) return false;
    const n = (table: string) => (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
    return n('users') === scale.users && n('communities') === scale.communities && n('memberships') === scale.memberships;
  } catch {
    return false;
  } finally {
    db.$client.close();
  }
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const ascii = (s: string) => s.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();

/** Runs `insert(i)` for i in [0, total) in transactions of `batch` rows, reporting progress. */
function inBatches(sqlite: Database.Database, label: string, total: number, insert: (i: number) => void, batch = 50_000) {
  const report = progress(label, total);
  const run = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i += 1) insert(i);
  });
  for (let from = 0; from < total; from += batch) {
    const to = Math.min(total, from + batch);
    run(from, to);
    report(to);
  }
}

/** Extra members per community (beyond the creator): a heavy tail, summing exactly to `extra`. */
function communitySizes(rand: () => number, communities: number, extra: number, cap: number): Int32Array {
  const weights = new Float64Array(communities);
  let total = 0;
  for (let i = 0; i < communities; i += 1) total += weights[i] = Math.pow(1 - rand(), -1 / 1.2); // Pareto, alpha 1.2
  const sizes = new Int32Array(communities);
  let assigned = 0;
  for (let i = 0; i < communities; i += 1) assigned += sizes[i] = Math.min(cap, Math.floor((weights[i]! / total) * extra));
  while (assigned < extra) {
    const i = Math.floor(rand() * communities);
    if (sizes[i]! < cap) {
      sizes[i]! += 1;
      assigned += 1;
    }
  }
  return sizes;
}

export function buildDatabase(path: string, scale: Scale, passwordHash: string): void {
  const partial = `${path}.partial`;
  for (const p of [partial, path]) for (const suffix of ['', '-wal', '-shm']) rmSync(p + suffix, { force: true });
  const db = openDatabase(partial);
  const sqlite = db.$client;
  // A throwaway file being filled: durability per commit buys nothing here.
  sqlite.pragma('synchronous = OFF');
  sqlite.pragma('cache_size = -262144');
  const rand = prng(scale.communities);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;
  const now = Date.now();
  const YEAR = 365 * 24 * 60 * 60 * 1000;
  const start = now - 3 * YEAR;

  const userIds: string[] = new Array(scale.users);
  const insertUser = sqlite.prepare(`INSERT INTO users (id, first_name, last_name, email, username, phone_number, location,
    password_hash, is_email_verified, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`);
  inBatches(sqlite, 'users', scale.users, (i) => {
    const id = crypto.randomUUID();
    userIds[i] = id;
    const [first, last] = i === 0 ? ['Bench', 'User'] : [pick(FIRST_NAMES), pick(LAST_NAMES)];
    const email = i === 0 ? BENCH_EMAIL : `${ascii(first)}.${ascii(last)}.${i}@example.org`;
    const username = i === 0 || rand() < 0.5 ? `${ascii(first)}${ascii(last)}${i}` : null;
    const phone = rand() < 0.7 ? `+1 ${pick(PHONE_AREAS)} 555 ${String(Math.floor(rand() * 10_000)).padStart(4, '0')}` : null;
    const created = start + Math.floor((i / scale.users) * YEAR);
    insertUser.run(id, first, last, email, username, phone, pick(CITIES), passwordHash, created, created);
  });

  const extra = communitySizes(rand, scale.communities, scale.memberships - scale.communities, Math.min(20_000, Math.floor(scale.users / 5)));
  // The bench user (user 0, password known) creates the largest community: the members page under test.
  let target = 0;
  for (let i = 1; i < scale.communities; i += 1) if (extra[i]! > extra[target]!) target = i;
  const creators = new Int32Array(scale.communities);
  const createdAt = new Float64Array(scale.communities);
  const insertCommunity = sqlite.prepare(`INSERT INTO communities (id, name, description, location, image_url, is_public,
    member_count, creator_id, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`);
  inBatches(sqlite, 'communities', scale.communities, (i) => {
    const creator = i === target ? 0 : Math.floor(rand() * scale.users);
    creators[i] = creator;
    const [group, kind, city] = [pick(GROUPS), pick(KINDS), pick(CITIES)];
    const shape = Math.floor(rand() * 3);
    const name = capital(shape === 0 ? `${group} ${kind} of ${city}` : shape === 1 ? `${city} ${group} ${kind}` : `${group} ${kind} ${city}`);
    const [a, b] = [pick(ACTIVITIES), pick(ACTIVITIES)];
    const opening = pick(OPENINGS).replace('{group}', group).replace('{city}', city).replace('{a}', a).replace('{b}', b);
    const description = capital(`${opening} ${pick(CLOSINGS)}`.trim());
    const region = REGIONS[city];
    const location = rand() < 0.05 ? null : region ? `${city}, ${region}` : city;
    const isPublic = i === target || rand() < 0.75 ? 1 : 0;
    const created = start + Math.floor((i / scale.communities) * 2.5 * YEAR);
    createdAt[i] = created;
    insertCommunity.run(i + 1, name, description, location, isPublic, 1 + extra[i]!, userIds[creator]!, created, created);
  });

  // Every membership with its join time; inserted in time order so ids interleave as in real use.
  const total = scale.memberships;
  const mCommunity = new Int32Array(total);
  const mUser = new Int32Array(total);
  const mRole = new Uint8Array(total); // 0 creator, 1 member, 2 admin, 3 treasurer
  const mTime = new Float64Array(total);
  let k = 0;
  const report = progress('memberships planned', total);
  for (let i = 0; i < scale.communities; i += 1) {
    mCommunity[k] = i;
    mUser[k] = creators[i]!;
    mRole[k] = 0;
    mTime[k] = createdAt[i]!;
    k += 1;
    const chosen = new Set<number>([creators[i]!]);
    while (chosen.size < extra[i]! + 1) {
      const u = Math.floor(rand() * scale.users);
      if (chosen.has(u)) continue;
      chosen.add(u);
      const r = rand();
      mCommunity[k] = i;
      mUser[k] = u;
      mRole[k] = r < 0.03 ? 2 : r < 0.05 ? 3 : 1;
      mTime[k] = createdAt[i]! + Math.floor(rand() * (now - createdAt[i]!));
      k += 1;
    }
    if (i % 1000 === 999 || i === scale.communities - 1) report(k);
  }
  const order = new Uint32Array(total);
  for (let i = 0; i < total; i += 1) order[i] = i;
  order.sort((x, y) => mTime[x]! - mTime[y]!);
  const roles = ['creator', 'member', 'admin', 'treasurer'];
  const insertMembership = sqlite.prepare('INSERT INTO memberships (community_id, user_id, role, joined_at) VALUES (?, ?, ?, ?)');
  inBatches(sqlite, 'memberships', total, (i) => {
    const m = order[i]!;
    insertMembership.run(mCommunity[m]! + 1, userIds[mUser[m]!]!, roles[mRole[m]!]!, mTime[m]!);
  });

  sqlite.pragma(`user_version = ${BENCH_VERSION}`);
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  sqlite.close();
  renameSync(partial, path);
}
