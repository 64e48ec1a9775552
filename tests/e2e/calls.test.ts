import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DB } from '../../db/database';
import type { UserRow } from '../../db/schema';
import { createGroup, openDirect } from '../../src/server/services/chat/conversations';
import { freePort } from '../../scripts/durability/server';
import { addMember, makeCommunity, makeUser } from '../factories';
import { CHROMIUM_ARGS, chromiumPath } from './chromium';
import { seriousViolations, signInByCookie, startServer, type TestServer } from './harness';

/*
 * Calls end to end with Chromium's fake microphone and camera: a one-to-one video call and a
 * group call of three exchange media (each connection's getStats shows audio and video bytes
 * arriving and growing, on every side); a declined and a missed call stay in the history; a member
 * outside the conversation cannot join; and a call whose browsers may use relayed candidates only
 * (CALL_RELAY_ONLY: iceTransportPolicy 'relay') goes through a coturn this file starts with
 * use-auth-secret, so the TURN credentials the app computes are the ones coturn accepts.
 *
 * This file starts a Chromium of its own: the fake devices are flags of the browser, not of a context.
 */

const TURNSERVER = process.env.TURNSERVER_PATH ?? '/usr/bin/turnserver';
const SECRET = `calls-e2e-${Date.now()}-secret`;
const stamp = Date.now();

type Turn = { port: number; stop(): Promise<void>; log(): string };
/** coturn on free ports, loopback only, with the shared secret; no daemon, no TLS, its own user db and log. */
async function startTurn(): Promise<Turn> {
  if (!existsSync(TURNSERVER)) throw new Error(`The relay test needs coturn's turnserver at ${TURNSERVER}: install coturn (apt-get install -y coturn; .ci/run does) or set TURNSERVER_PATH.`);
  const dir = mkdtempSync(join(tmpdir(), 'harambee-turn-'));
  const port = await freePort();
  const min = 40_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(
    TURNSERVER,
    [
      '-n',
      `--listening-port=${port}`,
      '--listening-ip=127.0.0.1',
      '--relay-ip=127.0.0.1',
      `--min-port=${min}`,
      `--max-port=${min + 200}`,
      '--use-auth-secret',
      `--static-auth-secret=${SECRET}`,
      '--realm=harambee.test',
      '--no-tls',
      '--no-dtls',
      '--no-cli',
      '--allow-loopback-peers',
      '--fingerprint',
      `--userdb=${join(dir, 'turndb')}`,
      `--log-file=${join(dir, 'turn.log')}`,
      `--pidfile=${join(dir, 'turn.pid')}`,
      '--simple-log',
      // Each allocation logged with its username: the test reads that coturn accepted the app's.
      '--verbose',
    ],
    { stdio: 'ignore' },
  );
  const deadline = Date.now() + 15_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const s = connect(port, '127.0.0.1', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`turnserver did not start (exit ${child.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const log = () => {
    try {
      return readFileSync(join(dir, 'turn.log'), 'utf8');
    } catch {
      return '';
    }
  };
  return {
    port,
    log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let turn: Turn | null = null;
/** Why coturn could not start: the relay test fails with it (the other tests do not need coturn). */
let turnMissing: Error | null = null;
let browser: Browser;
const servers: TestServer[] = [];
const dbs: DB[] = [];
const contexts: BrowserContext[] = [];

type World = { server: TestServer; db: DB; users: Record<string, UserRow>; community: number };
async function world(env: Record<string, string>, names: string[]): Promise<World> {
  const server = await startServer(env);
  servers.push(server);
  const db = openDatabase(join(server.dir, 'app.db'));
  dbs.push(db);
  const users: Record<string, UserRow> = {};
  for (const n of names) users[n] = await makeUser(db, { firstName: n, lastName: 'Test', email: `${n.toLowerCase()}.calls.${stamp}.${servers.length}@example.org` });
  const community = makeCommunity(db, { creator: users[names[0]!]!, name: `Calls ${servers.length}` }).id;
  for (const n of names.slice(1)) addMember(db, { communityId: community, user: users[n]! });
  return { server, db, users, community };
}

async function tab(w: World, who: string, to: string, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 800 }, bypassCSP: true, permissions: ['microphone', 'camera'], reducedMotion: 'reduce' });
  contexts.push(context);
  const page = await context.newPage();
  await signInByCookie(page, w.server, w.users[who]!.email, to);
  return page;
}

type Stats = { userId: string; audio: number; video: number; relay: boolean }[];
const stats = (page: Page) => page.evaluate(() => (window as unknown as { __callStats: () => Promise<Stats> }).__callStats());

/** Every page receives audio and video from each of the `others` other participants, and more of it a moment later. */
async function mediaFlows(pages: Page[], others: number, relay = false) {
  const first: Stats[] = [];
  for (const page of pages) {
    await expect
      .poll(async () => (await stats(page)).filter((s) => s.audio > 0 && s.video > 0).length, { timeout: 20_000, message: 'media arriving from every other participant' })
      .toBe(others);
    first.push(await stats(page));
  }
  await pages[0]!.waitForTimeout(1_500);
  for (const [i, page] of pages.entries()) {
    const later = await stats(page);
    for (const before of first[i]!) {
      const now = later.find((s) => s.userId === before.userId)!;
      expect(now.audio, 'audio bytes grow').toBeGreaterThan(before.audio);
      expect(now.video, 'video bytes grow').toBeGreaterThan(before.video);
      if (relay) expect(now.relay, 'the connection goes through the relay').toBe(true);
    }
  }
}

const entry = (page: Page, status: string) => page.getByTestId('call-entry').and(page.locator(`[data-call-status="${status}"]`));

beforeAll(async () => {
  turn = await startTurn().catch((error: Error) => ((turnMissing = error), null));
  browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'] });
});
afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await browser?.close();
  for (const db of dbs) db.$client.close();
  for (const s of servers) await s.stop();
  await turn?.stop();
});

describe('Browser: calls', () => {
  it('a one-to-one video call exchanges media both ways; a declined and a missed call stay in the history', async () => {
    const w = await world({ CALL_RING_SECONDS: '6' }, ['Ama', 'Kofi']);
    const dm = openDirect(w.db, { userId: w.users.Ama!.id, other: w.users.Kofi!.id, now: Date.now() }).id;
    const ama = await tab(w, 'Ama', `/chat?c=${dm}`);
    const kofi = await tab(w, 'Kofi', '/dashboard');

    await ama.getByTestId('call-start-video').click();
    // Kofi is rung on the page he is on.
    const ring = kofi.getByTestId('incoming-call');
    await ring.getByText('Ama Test is calling you (video)').waitFor();
    expect(await seriousViolations(kofi, '[data-testid="incoming-call"]')).toEqual([]);
    await ring.getByTestId('call-accept').click();
    await kofi.getByTestId('call-view').waitFor();
    await ama.getByTestId('call-view').waitFor();
    await mediaFlows([ama, kofi], 1);
    // Every control is a named button reachable from the keyboard.
    expect(await seriousViolations(ama, '[data-testid="call-view"]')).toEqual([]);
    await ama.getByRole('button', { name: 'Mute microphone' }).focus();
    await ama.keyboard.press('Enter');
    await ama.getByRole('button', { name: 'Unmute microphone', pressed: true }).waitFor();
    await ama.getByTestId('call-minimise').click();
    await ama.getByTestId('call-bar').waitFor();
    await ama.getByTestId('call-join-bar').getByText('Ama Test, Kofi Test are in the call').waitFor();
    await kofi.getByTestId('call-leave').click();
    await ama.getByTestId('call-bar').waitFor({ state: 'detached' });
    await entry(ama, 'ended').getByText(/^Video call, \d+ seconds? · With Ama Test, Kofi Test$/).waitFor();

    // Declined: Kofi says no; the history says so on both sides.
    await ama.getByTestId('call-start-voice').click();
    await kofi.getByTestId('incoming-call').getByTestId('call-decline').click();
    await ama.getByTestId('call-view').waitFor({ state: 'detached' });
    await entry(ama, 'declined').getByText('Voice call from Ama Test declined').waitFor();
    // Missed: nobody answers within the ring (6 s here: long enough to be seen on a busy machine).
    await ama.getByTestId('call-start-voice').click();
    await kofi.getByTestId('incoming-call').waitFor();
    await kofi.getByTestId('incoming-call').waitFor({ state: 'detached', timeout: 20_000 });
    await kofi.goto(`${w.server.url}/chat?c=${dm}`);
    await entry(kofi, 'missed').getByText('Missed voice call from Ama Test').waitFor();
    await entry(kofi, 'declined').waitFor();
  });

  it('a group call of three exchanges media between all; a member outside the conversation cannot join', async () => {
    const w = await world({ CALL_RING_SECONDS: '30' }, ['Esi', 'Tabe', 'Yaw', 'Olu']);
    const group = createGroup(w.db, { userId: w.users.Esi!.id, communityId: w.community, userIds: [w.users.Tabe!.id, w.users.Yaw!.id], name: 'Drivers', now: Date.now() }).id;
    const esi = await tab(w, 'Esi', `/chat?c=${group}`);
    const tabe = await tab(w, 'Tabe', '/dashboard', 375);
    const yaw = await tab(w, 'Yaw', `/chat?c=${group}`);
    await esi.getByTestId('call-start-video').click();
    await tabe.getByTestId('call-accept').click();
    // Yaw joins from the conversation's bar rather than the ring, with the keyboard; the ring goes away.
    await yaw.getByTestId('call-join').press('Enter');
    await yaw.getByTestId('incoming-call').waitFor({ state: 'detached' });
    await mediaFlows([esi, tabe, yaw], 2);
    // The call view fits a 375 px phone.
    expect(await tabe.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // Olu is in the community but not in the group: no conversation, and the server refuses him the call.
    const olu = await tab(w, 'Olu', `/chat?c=${group}`);
    const callId = Number(await esi.getByTestId('call-view').getAttribute('data-call-id'));
    const refused = await olu.evaluate(async (id) => (await fetch(`/api/calls/${id}/accept`, { method: 'POST' })).status, callId);
    expect(refused).toBe(404);
    expect(await olu.getByTestId('call-join-bar').count()).toBe(0);
    expect(await olu.getByTestId('incoming-call').count()).toBe(0);

    for (const page of [tabe, yaw, esi]) await page.getByTestId('call-leave').click();
    await entry(esi, 'ended').waitFor();
  });

  it('a call allowed relayed candidates only goes through coturn with the credentials the app computed', async () => {
    const relay = turn;
    if (!relay) throw turnMissing ?? new Error('coturn did not start');
    const w = await world({ CALL_RELAY_ONLY: 'true', TURN_URLS: `turn:127.0.0.1:${relay.port}?transport=udp`, TURN_SECRET: SECRET }, ['Nia', 'Ayo']);
    const dm = openDirect(w.db, { userId: w.users.Nia!.id, other: w.users.Ayo!.id, now: Date.now() }).id;
    const nia = await tab(w, 'Nia', `/chat?c=${dm}`);
    const ayo = await tab(w, 'Ayo', `/chat?c=${dm}`);
    await nia.getByTestId('call-start-video').click();
    await ayo.getByTestId('call-accept').click();
    await nia.getByTestId('call-status').getByText('Using the relay server').waitFor();
    await mediaFlows([nia, ayo], 1, true);
    // coturn accepted the app's username (<expiry>:<account id>) for both.
    for (const u of [w.users.Nia!, w.users.Ayo!]) expect(relay.log()).toMatch(new RegExp(`\\d+:${u.id}`));
    await ayo.getByTestId('call-leave').click();
    await entry(nia, 'ended').waitFor();
  });
});
