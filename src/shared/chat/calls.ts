/*
 * The rules of calls (docs/decisions/027-calls.md), shared by the input schemas, the server and
 * the call screens. Kept apart from protocol.ts so the client's call code does not load zod.
 */

/** A mesh: every browser sends its media to every other, so a few people at most. */
export const CALL_MAX_PARTICIPANTS = 8;
/**
 * Signalling travels in the chat socket's frames, whose limit (4 KB) is smaller than a video
 * offer's SDP: the client cuts each signal into parts of at most SIGNAL_CHUNK_MAX characters
 * and the receiver puts them together (at most SIGNAL_PARTS_MAX parts to a signal).
 */
export const SIGNAL_CHUNK_MAX = 2_500;
export const SIGNAL_PARTS_MAX = 16;
/** Signal frames one socket may send within the window (an ICE gathering sends a few dozen). */
export const SIGNAL_LIMIT = 400;
export const SIGNAL_WINDOW_MS = 10_000;
/** TURN credentials last this long: coturn refuses to refresh an allocation once its username expired, so longer than any call. */
export const TURN_CREDENTIAL_SECONDS = 6 * 3600;

export type CallMedia = 'audio' | 'video';
export type CallStatus = 'ringing' | 'active' | 'ended' | 'missed' | 'declined';
export type CallParticipantState = 'invited' | 'joined' | 'left' | 'declined' | 'missed';

/** The part of a signal a frame carries: `id` names the signal, its parts are numbered from 0. */
export type SignalPart = { id: string; part: number; parts: number; chunk: string };

/** A signal once put together: what RTCPeerConnection exchanges. */
export type Signal = { kind: 'offer' | 'answer'; sdp: string } | { kind: 'ice'; candidate: { candidate: string; sdpMid: string | null; sdpMLineIndex: number | null } };

/** Cuts a signal into parts that each fit in one frame. */
export function signalParts(id: string, signal: Signal): SignalPart[] {
  const text = JSON.stringify(signal);
  const parts = Math.max(1, Math.ceil(text.length / SIGNAL_CHUNK_MAX));
  return Array.from({ length: parts }, (_, part) => ({ id, part, parts, chunk: text.slice(part * SIGNAL_CHUNK_MAX, (part + 1) * SIGNAL_CHUNK_MAX) }));
}
