import { can } from '@shared/permissions';
import {
  activeCountInput,
  createTopicInput,
  followInput,
  getTopicInput,
  hideReplyInput,
  hideTopicInput,
  listTopicsInput,
  lockInput,
  mentionableInput,
  pinInput,
  removeReplyInput,
  removeTopicInput,
  replyIdInput,
  replyInput,
  topicIdInput,
  updateReplyInput,
  updateTopicInput,
} from '@shared/schemas/discussions';
import { limitedWrite, writeBy } from '../services/write-limits';
import type { Context } from '../context';
import { hideReply, hideTopic, lockTopic, pinTopic, removeReply, removeTopic } from '../services/discussions/moderation';
import {
  activeCount,
  createTopic,
  deleteOwnReply,
  deleteOwnTopic,
  getTopic,
  listTopics,
  markRead,
  mentionable,
  postReply,
  replyCommunity,
  REPLY_NOT_FOUND,
  setFollow,
  topicCommunity,
  TOPIC_NOT_FOUND,
  updateReply,
  updateTopic,
} from '../services/discussions/topics';
import { topicPolls } from '../services/polls/polls';
import { inCommunity, mutation, query, type CommunityScope, type SignedInContext } from './define';

/*
 * Discussions. Members (discussions.view) read the community's topics, start topics, reply (a
 * reply may quote another), mention members, edit and delete their own posts, follow or mute a
 * topic and mark it read when they open it. Moderators (discussions.moderate: the creator and
 * admins) pin, lock, hide and delete any topic or reply, each with a reason kept in the audit
 * trail. A hidden topic does not exist for members (404). Replies and mentions are told in the
 * app, and by email to members who chose it in their profile (sent after the change committed).
 */

const ofTopic = (input: { id: number }, ctx: Context) => topicCommunity(ctx.db, input.id);
const ofReply = (input: { id: number }, ctx: Context) => replyCommunity(ctx.db, input.id);
const onTopic = inCommunity('discussions.view', ofTopic, TOPIC_NOT_FOUND);
const onReply = inCommunity('discussions.view', ofReply, REPLY_NOT_FOUND);
const moderateTopic = inCommunity('discussions.moderate', ofTopic, TOPIC_NOT_FOUND);
const moderateReply = inCommunity('discussions.moderate', ofReply, REPLY_NOT_FOUND);

const actor = (ctx: SignedInContext) => ({ id: ctx.user.id, name: `${ctx.user.firstName} ${ctx.user.lastName}`.trim() });
const moderates = (scope: CommunityScope) => can(scope.role, 'discussions.moderate');
const named = (scope: CommunityScope) => ({ id: scope.community.id, name: scope.community.name });

export const discussions = {
  /** A community's topics, pinned first then by last activity, with reply count, starter and an unread marker; `search` over titles, bodies and replies. */
  list: query({
    input: listTopicsInput,
    access: inCommunity('discussions.view'),
    run: (ctx, input, scope) =>
      listTopics(ctx.db, { communityId: scope.community.id, viewerId: ctx.user.id, canModerate: moderates(scope), search: input.search, category: input.category, cursor: input.cursor, limit: input.limit }),
  }),

  /** One topic with a page of its replies, oldest first. Changes nothing: opening a topic is markRead. */
  get: query({
    input: getTopicInput,
    access: onTopic,
    run: (ctx, input, scope) => ({
      ...getTopic(ctx.db, { id: input.id, viewerId: ctx.user.id, canModerate: moderates(scope), cursor: input.cursor, limit: input.limit }),
      community: named(scope),
      /** Polls attached to the topic, and whether the viewer may attach one (polls.manage). */
      polls: topicPolls(ctx.db, { topicId: input.id, now: ctx.now() }),
      canAttachPoll: can(scope.role, 'polls.manage'),
    }),
  }),

  create: mutation({
    input: createTopicInput,
    access: inCommunity('discussions.view'),
    run: (ctx, input, scope) => {
      const { communityId: _, ...fields } = input;
      return limitedWrite(writeBy(ctx, 'topic'), () => createTopic(ctx.db, { community: named(scope), author: actor(ctx), input: fields, now: ctx.now() }));
    },
  }),

  /** The author's own topic: title, body, category (marked edited). */
  update: mutation({
    input: updateTopicInput,
    access: onTopic,
    run: (ctx, input, scope) => {
      const { id, ...changes } = input;
      return limitedWrite(writeBy(ctx, 'postEdit'), () => updateTopic(ctx.db, { id, community: named(scope), author: actor(ctx), canModerate: moderates(scope), changes, now: ctx.now() }));
    },
  }),

  /** The author deletes their own topic and its replies. */
  delete: mutation({ input: topicIdInput, access: onTopic, run: (ctx, input, scope) => deleteOwnTopic(ctx.db, { id: input.id, userId: ctx.user.id, canModerate: moderates(scope) }) }),

  /** A reply (optionally quoting another reply of the topic); a locked topic refuses it (409). */
  reply: mutation({
    input: replyInput,
    access: onTopic,
    run: (ctx, input, scope) => {
      return limitedWrite(writeBy(ctx, 'reply'), () => postReply(ctx.db, { topicId: input.id, community: named(scope), author: actor(ctx), canModerate: moderates(scope), body: input.body, quotedId: input.quotedId, now: ctx.now() }));
    },
  }),

  /** The author's own reply (marked edited). */
  updateReply: mutation({
    input: updateReplyInput,
    access: onReply,
    run: (ctx, input, scope) => {
      return limitedWrite(writeBy(ctx, 'postEdit'), () => updateReply(ctx.db, { id: input.id, community: named(scope), author: actor(ctx), canModerate: moderates(scope), body: input.body, now: ctx.now() }));
    },
  }),

  deleteReply: mutation({ input: replyIdInput, access: onReply, run: (ctx, input, scope) => deleteOwnReply(ctx.db, { id: input.id, userId: ctx.user.id, canModerate: moderates(scope) }) }),

  /** The member opened the topic: its unread marker clears until the next activity. */
  markRead: mutation({ input: topicIdInput, access: onTopic, run: (ctx, input, scope) => markRead(ctx.db, { topicId: input.id, userId: ctx.user.id, canModerate: moderates(scope), now: ctx.now() }) }),

  /** following: told of every reply; muted: of mentions only; none: of mentions only until one posts there. */
  follow: mutation({ input: followInput, access: onTopic, run: (ctx, input, scope) => setFollow(ctx.db, { topicId: input.id, userId: ctx.user.id, canModerate: moderates(scope), mode: input.mode }) }),

  /** The @mention autocomplete: up to ten other members whose name starts with `prefix`, with the token to insert. */
  mentionable: query({ input: mentionableInput, access: inCommunity('discussions.view'), run: (ctx, input, scope) => mentionable(ctx.db, { communityId: scope.community.id, viewerId: ctx.user.id, prefix: input.prefix }) }),

  /** The Overview's "active discussions": visible topics created or replied to in the last 30 days. */
  activeCount: query({ input: activeCountInput, access: inCommunity('discussions.view'), run: (ctx, _input, scope) => activeCount(ctx.db, { communityId: scope.community.id, now: ctx.now() }) }),

  pin: mutation({ input: pinInput, access: moderateTopic, run: (ctx, input) => pinTopic(ctx.db, { id: input.id, pinned: input.pinned, reason: input.reason, by: ctx.user.id, now: ctx.now() }) }),
  lock: mutation({ input: lockInput, access: moderateTopic, run: (ctx, input) => lockTopic(ctx.db, { id: input.id, locked: input.locked, reason: input.reason, by: ctx.user.id, now: ctx.now() }) }),
  hideTopic: mutation({ input: hideTopicInput, access: moderateTopic, run: (ctx, input) => hideTopic(ctx.db, { id: input.id, hidden: input.hidden, reason: input.reason, by: ctx.user.id, now: ctx.now() }) }),
  hideReply: mutation({ input: hideReplyInput, access: moderateReply, run: (ctx, input) => hideReply(ctx.db, { id: input.id, hidden: input.hidden, reason: input.reason, by: ctx.user.id, now: ctx.now() }) }),
  removeTopic: mutation({ input: removeTopicInput, access: moderateTopic, run: (ctx, input) => removeTopic(ctx.db, { id: input.id, reason: input.reason, by: ctx.user.id, now: ctx.now() }) }),
  removeReply: mutation({ input: removeReplyInput, access: moderateReply, run: (ctx, input) => removeReply(ctx.db, { id: input.id, reason: input.reason, by: ctx.user.id, now: ctx.now() }) }),
};
