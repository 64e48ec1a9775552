import { z } from 'zod';
import type { ConversationKind } from '../../../db/schema/chat';
import { REACTIONS } from './rules';
import { SIGNAL_CHUNK_MAX, SIGNAL_PARTS_MAX, type CallMedia, type CallParticipantState, type CallStatus, type SignalPart } from './calls';

/*
 * What chat sends over the wire: the message and conversation shapes (the same from the
 * procedures, the REST paths and the WebSocket) and the /ws frames both ways.
 *
 * The socket at /ws (same port, same session cookie, Origin must be APP_URL) only pushes; every
 * write goes through the procedures (chat.send, chat.edit, ...). Server → client frames are JSON
 * `ServerFrame`s; client → server frames are JSON `ClientFrame`s (anything else is ignored).
 *
 * Catching up after a reconnect: call `chat.since({ afterId })` with the highest message id the
 * client holds; it answers every message created after it in the caller's conversations (ids only
 * grow across conversations), and `changed`: older messages edited or deleted at or after
 * `changedSince` (the time of the last frame the client got, optional). Subscribe first, then call
 * since(), and drop duplicates by id: nothing is missed and nothing shown twice.
 */

export type ChatPerson = { id: string; name: string; avatarUrl: string | null };

export type ChatAttachment = {
  /** The upload's name; download at `url` (GET /api/chat/files/:name, authorised). */
  name: string;
  url: string;
  contentType: string;
  bytes: number;
  originalName: string | null;
  width: number | null;
  height: number | null;
  isImage: boolean;
};

/** A reaction and who gave it (the client tells whether the viewer is among them). */
export type ChatReaction = { emoji: string; count: number; userIds: string[] };

/** A call as every transport shows it (the call's history message carries it too). */
export type CallDto = {
  id: number;
  conversationId: number;
  media: CallMedia;
  status: CallStatus;
  startedBy: ChatPerson | null;
  startedAt: number;
  /** When a second person joined: the duration counts from here. */
  answeredAt: number | null;
  endedAt: number | null;
  /** Everyone rung or who joined, in the order they came; `state` now. */
  participants: { person: ChatPerson; state: CallParticipantState }[];
};

export type MessageDto = {
  id: number;
  conversationId: number;
  /** 'call': a call's entry in the history (body ''; `call` says what happened, the client words it). */
  kind: 'text' | 'call';
  call: CallDto | null;
  /** Null once the author's account is gone. */
  author: ChatPerson | null;
  /** '' once deleted. */
  body: string;
  replyTo: { id: number; authorName: string | null; excerpt: string; deleted: boolean } | null;
  attachment: ChatAttachment | null;
  reactions: ChatReaction[];
  editedAt: number | null;
  deletedAt: number | null;
  createdAt: number;
  /** Echoed from send() so the sender matches its optimistic copy; null otherwise. */
  clientNonce: string | null;
};

export type ConversationDto = {
  id: number;
  kind: ConversationKind;
  community: { id: number; name: string };
  /** A channel's name (no '#'), a group's title (may be null), null for a direct message. */
  name: string | null;
  topic: string | null;
  isPrivate: boolean;
  isDefault: boolean;
  /** Direct messages and groups: the other people (not the viewer); channels: []. */
  people: ChatPerson[];
  /** A private channel's, group's or DM's member count; null for public channels. */
  memberCount: number | null;
  /** `isCall`: the last entry is a call's (its preview is empty; the list words it). */
  lastMessage: { id: number; authorName: string | null; preview: string; createdAt: number; deleted: boolean; isCall?: boolean } | null;
  lastMessageAt: number | null;
  lastReadId: number;
  unread: number;
  /** The viewer muted its notices. */
  muted: boolean;
  /** The viewer may moderate (chat.moderate in its community; channels only). */
  canModerate: boolean;
  /** A leader muted the viewer here until this instant (null: may write). */
  mutedUntil: number | null;
};

/** The conversation list: channels grouped by community, then direct messages and groups (most recent first). */
export type ConversationList = {
  communities: { id: number; name: string; canModerate: boolean; channels: ConversationDto[] }[];
  direct: ConversationDto[];
  unreadTotal: number;
};

/** Server → client. */
export type ServerFrame =
  /** Sent once after the upgrade: the account and the newest message id it may read (a fresh client's starting point). */
  | { type: 'hello'; userId: string; lastMessageId: number }
  | { type: 'message.created'; message: MessageDto }
  | { type: 'message.updated'; message: MessageDto }
  /** The message stays in history as "deleted": body ''. */
  | { type: 'message.deleted'; message: MessageDto }
  | { type: 'reaction'; conversationId: number; messageId: number; reactions: ChatReaction[] }
  | { type: 'typing'; conversationId: number; user: ChatPerson }
  /** The viewer read up to messageId on another of their devices. */
  | { type: 'read'; conversationId: number; lastReadId: number }
  /** The viewer was added to a conversation (or it was created with them in it). */
  | { type: 'conversation.created'; conversationId: number }
  /** A conversation's name, topic or members changed. */
  | { type: 'conversation.updated'; conversationId: number }
  /** The viewer lost access (removed from a private channel or from the community). */
  | { type: 'conversation.removed'; conversationId: number }
  | { type: 'pong' }
  /** To each person a call rings (on every open tab of theirs): Accept or Decline. */
  | { type: 'call.ringing'; call: CallDto }
  /** To the conversation's readers: a call started, someone joined or left, it ended (the "Join" bar, the call view, ringing stopping). */
  | { type: 'call.updated'; call: CallDto }
  /** A part of an offer, answer or ICE candidate from another participant (calls.ts puts the parts together). */
  | { type: 'call.signal'; callId: number; from: string; signal: SignalPart };

export type ServerFrameType = ServerFrame['type'];

/** Client → server: 'typing' is relayed to the conversation's other readers (throttled); 'ping' answers 'pong'. */
export const clientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversationId: z.number().int().positive() }),
  z.object({ type: z.literal('ping') }),
  /** A part of a signal for one participant of a call the sender is in; relayed only while both are in it and may read the conversation. */
  z.object({
    type: z.literal('call.signal'),
    callId: z.number().int().positive(),
    to: z.string().min(1).max(64),
    signal: z.object({
      id: z.string().min(1).max(32),
      part: z.number().int().min(0).max(SIGNAL_PARTS_MAX - 1),
      parts: z.number().int().min(1).max(SIGNAL_PARTS_MAX),
      chunk: z.string().max(SIGNAL_CHUNK_MAX),
    }),
  }),
]);
export type ClientFrame = z.infer<typeof clientFrame>;

/** The answer of chat.since. */
export type SinceResult = {
  /** Messages with id > afterId in the caller's conversations, oldest first (at most SINCE_MAX). */
  messages: MessageDto[];
  /** Older messages edited or deleted at or after changedSince (empty when it was not given). */
  changed: MessageDto[];
  /** More messages wait: call again with the last id. */
  more: boolean;
  /** The server's clock at the answer: the next changedSince. */
  now: number;
};

export type MessagePage = {
  /** Newest first. */
  messages: MessageDto[];
  /** Pass as `before` for the next (older) page; null at the beginning. */
  nextBefore: number | null;
  lastReadId: number;
};

export const isReaction = (emoji: string): boolean => (REACTIONS as readonly string[]).includes(emoji);
