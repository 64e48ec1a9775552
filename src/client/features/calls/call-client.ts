import type { CallDto } from '@shared/chat/protocol';
import { signalParts, type Signal, type SignalPart } from '@shared/chat/calls';
import { trpcClient } from '../../trpc';
import { onCallFrame, sendCallFrame } from '../chat/socket';

/*
 * The browser's side of calls (docs/decisions/027-calls.md): the rings this tab shows, and the one
 * call it is in, as a mesh of RTCPeerConnections (one per other participant). Offers, answers and
 * ICE candidates travel over the chat socket in parts (shared/chat/calls.ts). Of two participants
 * the one whose account id sorts first makes the offer, so two browsers never offer each other at
 * once. The screens read the state through subscribe/get (useSyncExternalStore).
 *
 * A poor connection (little outgoing bandwidth, or many packets lost, two samples in a row) stops
 * sending video and says so; video comes back once the connection holds again.
 */

export type DeviceProblem = 'denied' | 'noDevice' | 'failed';
export type Remote = { userId: string; name: string; stream: MediaStream | null; connected: boolean };
export type Session = {
  call: CallDto;
  local: MediaStream;
  remotes: Remote[];
  muted: boolean;
  cameraOff: boolean;
  sharing: boolean;
  facing: 'user' | 'environment';
  layout: 'speaker' | 'grid';
  /** Video paused for a poor connection. */
  poor: boolean;
  expanded: boolean;
  relayOnly: boolean;
  /** The latest change worth saying (screen readers hear it): someone joined or left, video came back. */
  notice: { key: 'joined' | 'left' | 'goodAgain'; name: string } | null;
};
export type CallState = { incoming: CallDto[]; session: Session | null; problem: DeviceProblem | null; busy: boolean };

type Peer = { userId: string; name: string; pc: RTCPeerConnection; stream: MediaStream | null; pendingIce: RTCIceCandidateInit[]; bad: number; good: number };

let viewerId = '';
let state: CallState = { incoming: [], session: null, problem: null, busy: false };
const listeners = new Set<() => void>();
const peers = new Map<string, Peer>();
/**
 * Signals that came before this tab was in their call: the other side may offer while our answer
 * (or start) is still on its way back, and an offer lost would leave the two never connected.
 * Kept a short while, replayed on entering the call.
 */
const early: { callId: number; from: string; part: SignalPart; at: number }[] = [];
const EARLY_MS = 30_000;
const EARLY_MAX = 500;
/** Signals arriving in parts, by sender and signal id. */
const parts = new Map<string, (string | null)[]>();
let ice: RTCConfiguration = { iceServers: [] };
let camera: MediaStreamTrack | null = null;
let screen: MediaStream | null = null;
let qualityTimer: ReturnType<typeof setInterval> | undefined;
let started = false;

function set(next: Partial<CallState>) {
  state = { ...state, ...next };
  for (const l of listeners) l();
}
function setSession(next: Partial<Session>) {
  if (state.session) set({ session: { ...state.session, ...next } });
}
const remotesNow = (): Remote[] =>
  [...peers.values()].map((p) => ({ userId: p.userId, name: p.name, stream: p.stream, connected: p.pc.connectionState === 'connected' }));
const live = (c: CallDto) => c.status === 'ringing' || c.status === 'active';
const myState = (c: CallDto) => c.participants.find((p) => p.person.id === viewerId)?.state;

/** The signed-in account, as the calls know it. */
export const callViewer = () => viewerId;

export const callStore = {
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => state,
};

/** Listens for the viewer's calls (once per tab): the shell calls it when the chat connection starts. */
export function startCalls(viewer: string) {
  viewerId = viewer;
  if (started) return;
  started = true;
  onCallFrame((f) => {
    if (f.type === 'call.ringing') ring(f.call);
    else if (f.type === 'call.updated') updated(f.call);
    else void onSignal(f.callId, f.from, f.signal);
  });
  // A ring that began before this tab opened.
  void trpcClient.calls.ringing.query().then(
    (r) => r.calls.forEach(ring),
    () => undefined,
  );
  // The tests read how much media arrived through this (getStats of each connection).
  (window as unknown as { __callStats?: () => Promise<{ userId: string; audio: number; video: number; relay: boolean }[]> }).__callStats = callStats;
}

function ring(call: CallDto) {
  if (myState(call) !== 'invited' || !live(call) || state.session?.call.id === call.id) return;
  set({ incoming: [...state.incoming.filter((c) => c.id !== call.id), call] });
}

function updated(call: CallDto) {
  if (state.incoming.some((c) => c.id === call.id) && (myState(call) !== 'invited' || !live(call))) set({ incoming: state.incoming.filter((c) => c.id !== call.id) });
  const s = state.session;
  if (!s || s.call.id !== call.id) return;
  if (!live(call) || myState(call) !== 'joined') {
    teardown();
    return;
  }
  setSession({ call });
  reconcile(call);
}

/**
 * One connection per other person in the call; the one whose id sorts first offers. A connection
 * closes only for someone the call says has left: a frame older than an offer already answered
 * (the socket and the answers travel apart) must not drop a connection just made.
 */
function reconcile(call: CallDto) {
  const inCall = new Map(call.participants.filter((p) => p.state === 'joined' && p.person.id !== viewerId).map((p) => [p.person.id, p.person.name]));
  const gone = new Set(call.participants.filter((p) => p.state === 'left' || p.state === 'declined' || p.state === 'missed').map((p) => p.person.id));
  let notice: Session['notice'] = state.session?.notice ?? null;
  for (const [id, peer] of peers)
    if (gone.has(id)) {
      peer.pc.close();
      peers.delete(id);
      notice = { key: 'left', name: peer.name };
    }
  for (const [id, name] of inCall)
    if (!peers.has(id)) {
      const peer = makePeer(id, name);
      if (viewerId < id) void offer(peer);
      notice = { key: 'joined', name };
    }
  setSession({ remotes: remotesNow(), notice });
}

function makePeer(userId: string, name: string): Peer {
  const pc = new RTCPeerConnection(ice);
  const peer: Peer = { userId, name, pc, stream: null, pendingIce: [], bad: 0, good: 0 };
  peers.set(userId, peer);
  const local = state.session?.local;
  if (local) for (const track of local.getTracks()) pc.addTrack(track, local);
  pc.onicecandidate = (e) => {
    if (e.candidate) send(userId, { kind: 'ice', candidate: { candidate: e.candidate.candidate, sdpMid: e.candidate.sdpMid, sdpMLineIndex: e.candidate.sdpMLineIndex } });
  };
  pc.ontrack = (e) => {
    peer.stream = e.streams[0] ?? peer.stream ?? new MediaStream([e.track]);
    if (!e.streams[0] && !peer.stream.getTracks().includes(e.track)) peer.stream.addTrack(e.track);
    setSession({ remotes: remotesNow() });
  };
  pc.onconnectionstatechange = () => setSession({ remotes: remotesNow() });
  return peer;
}

async function offer(peer: Peer) {
  const o = await peer.pc.createOffer();
  await peer.pc.setLocalDescription(o);
  send(peer.userId, { kind: 'offer', sdp: o.sdp ?? '' });
}

let signalSeq = 0;
function send(to: string, signal: Signal) {
  const s = state.session;
  if (!s) return;
  const id = `${Date.now().toString(36)}${(signalSeq++).toString(36)}`;
  for (const part of signalParts(id, signal)) sendCallFrame({ type: 'call.signal', callId: s.call.id, to, signal: part });
}

async function onSignal(callId: number, from: string, part: SignalPart) {
  const s = state.session;
  if (!s || s.call.id !== callId) {
    const now = Date.now();
    while (early.length && (early.length >= EARLY_MAX || now - early[0]!.at > EARLY_MS)) early.shift();
    early.push({ callId, from, part, at: now });
    return;
  }
  const key = `${from}:${part.id}`;
  const got = parts.get(key) ?? new Array<string | null>(part.parts).fill(null);
  got[part.part] = part.chunk;
  parts.set(key, got);
  if (got.some((c) => c === null)) return;
  parts.delete(key);
  let signal: Signal;
  try {
    signal = JSON.parse(got.join('')) as Signal;
  } catch {
    return;
  }
  const name = s.call.participants.find((p) => p.person.id === from)?.person.name ?? '';
  const peer = peers.get(from) ?? makePeer(from, name);
  try {
    if (signal.kind === 'offer') {
      await peer.pc.setRemoteDescription({ type: 'offer', sdp: signal.sdp });
      await flushIce(peer);
      const answer = await peer.pc.createAnswer();
      await peer.pc.setLocalDescription(answer);
      send(from, { kind: 'answer', sdp: answer.sdp ?? '' });
    } else if (signal.kind === 'answer') {
      await peer.pc.setRemoteDescription({ type: 'answer', sdp: signal.sdp });
      await flushIce(peer);
    } else if (signal.kind === 'ice') {
      if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(signal.candidate);
      else peer.pendingIce.push(signal.candidate);
    }
  } catch {
    // A signal that no longer fits (the other side restarted): its next offer sets things right.
  }
  setSession({ remotes: remotesNow() });
}

async function flushIce(peer: Peer) {
  for (const c of peer.pendingIce.splice(0)) await peer.pc.addIceCandidate(c).catch(() => undefined);
}

/** The microphone (and camera), or the reason there is none. */
async function openDevices(media: 'audio' | 'video'): Promise<MediaStream | null> {
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true, video: media === 'video' ? { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } } : false });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    set({ problem: name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : name === 'NotFoundError' || name === 'OverconstrainedError' ? 'noDevice' : 'failed' });
    return null;
  }
}

async function enter(call: CallDto, local: MediaStream) {
  const config = await trpcClient.calls.iceServers.query({ callId: call.id }).catch(() => null);
  ice = { iceServers: config?.iceServers ?? [], iceTransportPolicy: config?.relayOnly ? 'relay' : 'all' };
  camera = local.getVideoTracks()[0] ?? null;
  set({
    incoming: state.incoming.filter((c) => c.id !== call.id),
    session: { call, local, remotes: [], muted: false, cameraOff: false, sharing: false, facing: 'user', layout: 'grid', poor: false, expanded: true, relayOnly: !!config?.relayOnly, notice: null },
  });
  reconcile(call);
  // Those already in the call when one enters are no news.
  setSession({ notice: null });
  const waiting = early.filter((e) => e.callId === call.id);
  early.splice(0, early.length, ...early.filter((e) => e.callId !== call.id));
  for (const e of waiting) await onSignal(e.callId, e.from, e.part);
  // Who joined or left while our answer was on its way is in no frame we kept: ask once.
  void trpcClient.calls.current.query({ conversationId: call.conversationId }).then(
    (r) => {
      if (state.session?.call.id !== call.id) return;
      if (r.call?.id === call.id) updated(r.call);
      else teardown();
    },
    () => undefined,
  );
  clearInterval(qualityTimer);
  qualityTimer = setInterval(() => void watchQuality(), 3_000);
}

/** Starts a call in a conversation (the devices first, so a refusal shows before anyone is rung). */
export async function startCall(conversationId: number, media: 'audio' | 'video'): Promise<void> {
  if (state.session || state.busy) return;
  set({ busy: true, problem: null });
  try {
    const local = await openDevices(media);
    if (!local) return;
    try {
      const call = await trpcClient.calls.start.mutate({ conversationId, media });
      await enter(call, local);
    } catch (error) {
      for (const t of local.getTracks()) t.stop();
      throw error;
    }
  } finally {
    set({ busy: false });
  }
}

/** Answers a ring, or joins a call going on. */
export async function acceptCall(call: CallDto): Promise<void> {
  if (state.session || state.busy) return;
  set({ busy: true, problem: null });
  try {
    const local = await openDevices(call.media);
    if (!local) return;
    try {
      const joined = await trpcClient.calls.accept.mutate({ callId: call.id });
      await enter(joined, local);
    } catch (error) {
      for (const t of local.getTracks()) t.stop();
      set({ incoming: state.incoming.filter((c) => c.id !== call.id) });
      throw error;
    }
  } finally {
    set({ busy: false });
  }
}

export async function declineCall(call: CallDto): Promise<void> {
  set({ incoming: state.incoming.filter((c) => c.id !== call.id) });
  await trpcClient.calls.decline.mutate({ callId: call.id }).catch(() => undefined);
}

export async function leaveCall(): Promise<void> {
  const s = state.session;
  if (!s) return;
  teardown();
  await trpcClient.calls.leave.mutate({ callId: s.call.id }).catch(() => undefined);
}

function teardown() {
  clearInterval(qualityTimer);
  for (const p of peers.values()) p.pc.close();
  peers.clear();
  parts.clear();
  for (const t of state.session?.local.getTracks() ?? []) t.stop();
  for (const t of screen?.getTracks() ?? []) t.stop();
  screen = null;
  camera = null;
  set({ session: null });
}

export const dismissProblem = () => set({ problem: null });
export const setExpanded = (expanded: boolean) => setSession({ expanded });
export const setLayout = (layout: 'speaker' | 'grid') => setSession({ layout });

export function toggleMute() {
  const s = state.session;
  if (!s) return;
  for (const t of s.local.getAudioTracks()) t.enabled = s.muted;
  setSession({ muted: !s.muted });
}

export function toggleCamera() {
  const s = state.session;
  if (!s || !camera) return;
  camera.enabled = s.cameraOff;
  setSession({ cameraOff: !s.cameraOff });
}

/** The track every connection sends as video (the camera, the screen, or none while the connection is poor). */
async function sendVideo(track: MediaStreamTrack | null) {
  for (const p of peers.values())
    for (const sender of p.pc.getSenders()) if (sender.track?.kind === 'video' || (sender.track === null && track)) await sender.replaceTrack(track).catch(() => undefined);
}

/** Front and back cameras of a phone. */
export async function switchCamera() {
  const s = state.session;
  if (!s || !camera) return;
  const facing = s.facing === 'user' ? 'environment' : 'user';
  const next = await navigator.mediaDevices.getUserMedia({ video: { facingMode: facing } }).catch(() => null);
  const track = next?.getVideoTracks()[0];
  if (!track) return;
  camera.stop();
  s.local.removeTrack(camera);
  s.local.addTrack(track);
  camera = track;
  if (!s.sharing && !s.poor) await sendVideo(track);
  setSession({ facing, local: s.local });
}

export async function toggleShare() {
  const s = state.session;
  if (!s) return;
  if (screen) {
    for (const t of screen.getTracks()) t.stop();
    screen = null;
    await sendVideo(s.poor ? null : camera);
    setSession({ sharing: false });
    return;
  }
  const shared = await navigator.mediaDevices.getDisplayMedia({ video: true }).catch(() => null);
  const track = shared?.getVideoTracks()[0];
  if (!shared || !track) return;
  screen = shared;
  track.onended = () => void (screen === shared && toggleShare());
  await sendVideo(track);
  setSession({ sharing: true });
}

/** Little bandwidth out, or many packets lost, twice in a row: video stops (sound goes on); three good samples bring it back. */
async function watchQuality() {
  const s = state.session;
  if (!s || s.call.media !== 'video') return;
  let poorNow = false;
  for (const p of peers.values()) {
    if (p.pc.connectionState !== 'connected') continue;
    let bitrate: number | undefined;
    let lost = 0;
    (await p.pc.getStats()).forEach((r: RTCStats & Record<string, unknown>) => {
      if (r.type === 'candidate-pair' && r.nominated && typeof r.availableOutgoingBitrate === 'number') bitrate = r.availableOutgoingBitrate;
      if (r.type === 'remote-inbound-rtp' && typeof r.fractionLost === 'number') lost = Math.max(lost, r.fractionLost);
    });
    const bad = (bitrate !== undefined && bitrate < 120_000) || lost > 0.15;
    p.bad = bad ? p.bad + 1 : 0;
    p.good = bad ? 0 : p.good + 1;
    if (p.bad >= 2 || (s.poor && p.good < 3)) poorNow = true;
  }
  if (poorNow === s.poor) return;
  if (!s.sharing) await sendVideo(poorNow ? null : camera);
  setSession({ poor: poorNow, notice: poorNow ? s.notice : { key: 'goodAgain', name: '' } });
}

/** Bytes of audio and video received from each other participant, and whether through a relay. */
async function callStats() {
  const out: { userId: string; audio: number; video: number; relay: boolean }[] = [];
  for (const p of peers.values()) {
    let audio = 0;
    let video = 0;
    let relay = false;
    const stats = await p.pc.getStats();
    stats.forEach((r: RTCStats & Record<string, unknown>) => {
      if (r.type === 'inbound-rtp' && typeof r.bytesReceived === 'number') {
        if (r.kind === 'audio') audio += r.bytesReceived;
        else if (r.kind === 'video') video += r.bytesReceived;
      }
    });
    // The pair in use: the transport's selected one (a nominated, succeeded pair where the browser
    // reports no selection); through the relay when its local candidate is a relayed one. Read after
    // the walk, so a later pair in the report never overwrites the answer.
    const pairs: Record<string, unknown>[] = [];
    stats.forEach((r: RTCStats & Record<string, unknown>) => {
      if (r.type === 'transport' && typeof r.selectedCandidatePairId === 'string') pairs.push(stats.get(r.selectedCandidatePairId) as Record<string, unknown>);
    });
    if (pairs.filter(Boolean).length === 0) stats.forEach((r: RTCStats & Record<string, unknown>) => r.type === 'candidate-pair' && r.nominated && r.state === 'succeeded' && pairs.push(r));
    relay = pairs.some((pair) => pair && (stats.get(pair.localCandidateId as string) as Record<string, unknown> | undefined)?.candidateType === 'relay');
    out.push({ userId: p.userId, audio, video, relay });
  }
  return out;
}
