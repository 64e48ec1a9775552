import {
  addMembersInput,
  chatFileInput,
  chatFileUploadInput,
  conversationIdInput,
  createChannelInput,
  createGroupInput,
  editInput,
  markReadInput,
  messageIdInput,
  messagesInput,
  muteMemberInput,
  openDirectInput,
  peopleInput,
  reactInput,
  removeMemberInput,
  reportInput,
  reportsInput,
  resolveReportInput,
  sendInput,
  setMutedInput,
  sinceInput,
  updateChannelInput,
} from '@shared/schemas/chat';
import { limitedWrite, writeBy } from '../services/write-limits';
import type { Context } from '../context';
import { CONVERSATION_NOT_FOUND, conversationCommunity, MESSAGE_NOT_FOUND, messageCommunity } from '../services/chat/access';
import { addMembers, conversationDetails, createChannel, createGroup, listConversations, openDirect, removeMember, searchPeople, unreadTotal, updateChannel } from '../services/chat/conversations';
import { deleteMessage, editMessage, listMessages, markRead, react, sendMessage, setMuted, since } from '../services/chat/messages';
import { listReports, muteMember, reportMessage, resolveReport } from '../services/chat/moderation';
import { REPORT_NOT_FOUND, reportCommunity } from '../services/chat/moderation';
import { chatFile, storeChatFile } from '../services/chat/files';
import { inCommunity, mutation, query, signedIn } from './define';

/*
 * Chat: community channels, direct messages and groups. The community guard (a member
 * with chat.view, or chat.moderate for leaders' actions) comes from the conversation or message
 * addressed; the services then apply the conversation's own rule (private channels, direct
 * messages and groups: listed members only; see services/chat/access.ts), answering 404 alike
 * for unknown and unreadable ones. Every write publishes its event to the conversation's
 * WebSocket readers after it commits (src/server/chat/).
 */

const ofConversation = (input: { conversationId: number }, ctx: Context) => conversationCommunity(ctx.db, input.conversationId);
const ofMessage = (input: { id: number }, ctx: Context) => messageCommunity(ctx.db, input.id);
const ofReport = (input: { id: number }, ctx: Context) => reportCommunity(ctx.db, input.id);
const reader = inCommunity('chat.view', ofConversation, CONVERSATION_NOT_FOUND);
const messageReader = inCommunity('chat.view', ofMessage, MESSAGE_NOT_FOUND);
const moderator = inCommunity('chat.moderate', ofConversation, CONVERSATION_NOT_FOUND);

export const chat = {
  /** The caller's conversations: channels grouped by community, then direct messages and groups; unread counts, previews, muted. */
  conversations: query({ access: signedIn, run: (ctx) => listConversations(ctx.db, ctx.user.id, ctx.now()) }),
  /** One conversation as the list shows it, plus its members (private channels, groups, DMs). */
  conversation: query({ input: conversationIdInput, access: reader, run: (ctx, input) => conversationDetails(ctx.db, ctx.user.id, input.conversationId, ctx.now()) }),
  /** The rail's badge: unread messages in all the caller's conversations that are not muted. */
  unreadTotal: query({ access: signedIn, run: (ctx) => ({ count: unreadTotal(ctx.db, ctx.user.id) }) }),

  /** History, newest first, `before` a message id. */
  messages: query({ input: messagesInput, access: reader, run: (ctx, input) => listMessages(ctx.db, { userId: ctx.user.id, ...input }) }),
  /** The catch-up after a reconnect (see shared/chat/protocol.ts). */
  since: query({ input: sinceInput, access: signedIn, run: (ctx, input) => since(ctx.db, { userId: ctx.user.id, ...input, now: ctx.now() }) }),

  send: mutation({ input: sendInput, access: reader, run: (ctx, input) => sendMessage(ctx.db, { user: ctx.user, input, now: ctx.now() }) }),
  /** The author's own message; marked edited. */
  edit: mutation({
    input: editInput,
    access: messageReader,
    run: (ctx, input) => limitedWrite(writeBy(ctx, 'chatEdit'), () => editMessage(ctx.db, { user: ctx.user, id: input.id, body: input.body, now: ctx.now() })),
  }),
  /** The author, or a leader (chat.moderate) in a channel of their community; the message stays as "deleted". */
  delete: mutation({ input: messageIdInput, access: messageReader, run: (ctx, input) => deleteMessage(ctx.db, { user: ctx.user, id: input.id, now: ctx.now() }) }),
  react: mutation({ input: reactInput, access: messageReader, run: (ctx, input) => limitedWrite(writeBy(ctx, 'reaction'), () => react(ctx.db, { userId: ctx.user.id, ...input, now: ctx.now() })) }),
  markRead: mutation({ input: markReadInput, access: reader, run: (ctx, input) => markRead(ctx.db, { userId: ctx.user.id, ...input }) }),
  /** Mutes the conversation's notices (mentions, direct messages, email digest) for the caller. */
  setMuted: mutation({ input: setMutedInput, access: reader, run: (ctx, input) => setMuted(ctx.db, { userId: ctx.user.id, ...input }) }),

  createChannel: mutation({
    input: createChannelInput,
    access: inCommunity('chat.moderate'),
    run: (ctx, input, { community }) => createChannel(ctx.db, { user: ctx.user, community: { id: community.id, name: community.name }, input, now: ctx.now() }),
  }),
  updateChannel: mutation({ input: updateChannelInput, access: moderator, run: (ctx, input) => updateChannel(ctx.db, { user: ctx.user, input, now: ctx.now() }) }),
  /** A private channel's (leaders) or a group's (its members) new members. */
  addMembers: mutation({ input: addMembersInput, access: reader, run: (ctx, input) => addMembers(ctx.db, { user: ctx.user, ...input, now: ctx.now() }) }),
  /** Leaders remove someone from a private channel; anyone leaves a group or private channel (userId = oneself). */
  removeMember: mutation({ input: removeMemberInput, access: reader, run: (ctx, input) => removeMember(ctx.db, { user: ctx.user, ...input, now: ctx.now() }) }),
  /** The direct conversation with a member sharing a community (the existing one, or a new one). */
  openDirect: mutation({ input: openDirectInput, access: signedIn, run: (ctx, input) => openDirect(ctx.db, { userId: ctx.user.id, other: input.userId, communityId: input.communityId, now: ctx.now() }) }),
  createGroup: mutation({ input: createGroupInput, access: inCommunity('chat.view'), run: (ctx, input) => createGroup(ctx.db, { userId: ctx.user.id, ...input, now: ctx.now() }) }),
  /** The member picker: people sharing a community with the caller (or members of communityId). */
  people: query({ input: peopleInput, access: signedIn, run: (ctx, input) => searchPeople(ctx.db, { userId: ctx.user.id, ...input }) }),

  /** Silences a member in a channel for `minutes` (0 lifts it). */
  muteMember: mutation({ input: muteMemberInput, access: moderator, run: (ctx, input) => muteMember(ctx.db, { user: ctx.user, ...input, now: ctx.now() }) }),
  /** Reports a message to the community's leaders. */
  report: mutation({ input: reportInput, access: messageReader, run: (ctx, input) => reportMessage(ctx.db, { user: ctx.user, ...input, now: ctx.now() }) }),
  reports: query({ input: reportsInput, access: inCommunity('chat.moderate'), run: (ctx, input) => listReports(ctx.db, input) }),
  resolveReport: mutation({
    input: resolveReportInput,
    access: inCommunity('chat.moderate', ofReport, REPORT_NOT_FOUND),
    run: (ctx, input) => resolveReport(ctx.db, { user: ctx.user, ...input, now: ctx.now() }),
  }),
};

/** Files travel as multipart, so these exist only as REST paths (rest/chat.ts), not procedures. */
export const chatFiles = {
  /** POST /api/chat/files: stored unattached until send() attaches it. */
  upload: mutation({ input: chatFileUploadInput, access: signedIn, run: (ctx, input) => storeChatFile(ctx, input.file) }),
  /** GET /api/chat/files/:name: the uploader, or a reader of a conversation with a message attaching it. */
  download: query({ input: chatFileInput, access: signedIn, run: (ctx, input) => chatFile(ctx.db, { userId: ctx.user.id, name: input.name }) }),
};
