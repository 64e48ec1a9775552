import { eq } from 'drizzle-orm';
import { topicReplies, topics } from '../../../../db/schema';
import type { DB } from '../../../../db/database';
import { recordFinanceAction } from '../finances/audit';
import { excerptOf, IMMEDIATE, recountReplies, replyDto, replyOf, topicDto, topicOf } from './topics';

/*
 * Moderation (discussions.moderate: the creator and admins): pin, lock, hide and delete any topic
 * or reply. Each action goes to the hash-chained audit trail (finances/audit.ts) as `topic.*` or
 * `post.*` with its reason, in the transaction of the action.
 */

type Mod = { by: string; now: number };
const excerpt = (body: string) => excerptOf(body);

export function pinTopic(db: DB, p: Mod & { id: number; pinned: boolean; reason?: string }) {
  return db.transaction((tx) => {
    const row = topicOf(tx, p.id, true);
    const updated = tx.update(topics).set({ isPinned: p.pinned }).where(eq(topics.id, row.id)).returning().get();
    recordFinanceAction(tx, { communityId: row.communityId, actorId: p.by, action: p.pinned ? 'topic.pin' : 'topic.unpin', subject: `topic:${row.id}`, details: { title: row.title, reason: p.reason ?? null }, now: p.now });
    return topicDto(tx, updated, { viewerId: p.by, canModerate: true });
  }, IMMEDIATE);
}

/** A locked topic takes no new replies (409); unlocking lets them in again. */
export function lockTopic(db: DB, p: Mod & { id: number; locked: boolean; reason: string }) {
  return db.transaction((tx) => {
    const row = topicOf(tx, p.id, true);
    const updated = tx.update(topics).set({ isLocked: p.locked }).where(eq(topics.id, row.id)).returning().get();
    recordFinanceAction(tx, { communityId: row.communityId, actorId: p.by, action: p.locked ? 'topic.lock' : 'topic.unlock', subject: `topic:${row.id}`, details: { title: row.title, reason: p.reason }, now: p.now });
    return topicDto(tx, updated, { viewerId: p.by, canModerate: true });
  }, IMMEDIATE);
}

/** A hidden topic leaves members' lists and reads (404), search and the active count; moderators still see it. */
export function hideTopic(db: DB, p: Mod & { id: number; hidden: boolean; reason: string }) {
  return db.transaction((tx) => {
    const row = topicOf(tx, p.id, true);
    const set = p.hidden ? { hiddenAt: p.now, hiddenBy: p.by, hideReason: p.reason } : { hiddenAt: null, hiddenBy: null, hideReason: null };
    const updated = tx.update(topics).set(set).where(eq(topics.id, row.id)).returning().get();
    recordFinanceAction(tx, { communityId: row.communityId, actorId: p.by, action: p.hidden ? 'topic.hide' : 'topic.unhide', subject: `topic:${row.id}`, details: { title: row.title, authorId: row.authorId, reason: p.reason }, now: p.now });
    return topicDto(tx, updated, { viewerId: p.by, canModerate: true });
  }, IMMEDIATE);
}

/** A hidden reply keeps its place in the topic without its text; it no longer counts or matches a search. */
export function hideReply(db: DB, p: Mod & { id: number; hidden: boolean; reason: string }) {
  return db.transaction((tx) => {
    const { reply, topic } = replyOf(tx, p.id, true);
    const set = p.hidden ? { hiddenAt: p.now, hiddenBy: p.by, hideReason: p.reason } : { hiddenAt: null, hiddenBy: null, hideReason: null };
    const updated = tx.update(topicReplies).set(set).where(eq(topicReplies.id, reply.id)).returning().get();
    recountReplies(tx, topic.id);
    recordFinanceAction(tx, {
      communityId: topic.communityId,
      actorId: p.by,
      action: p.hidden ? 'post.hide' : 'post.unhide',
      subject: `post:${reply.id}`,
      details: { topicId: topic.id, authorId: reply.authorId, excerpt: excerpt(reply.body), reason: p.reason },
      now: p.now,
    });
    return replyDto(tx, updated, { viewerId: p.by, canModerate: true, lastReadAt: null });
  }, IMMEDIATE);
}

/** Deletes a topic and its replies; the audit record keeps its title, author and the reason. */
export function removeTopic(db: DB, p: Mod & { id: number; reason: string }) {
  return db.transaction((tx) => {
    const row = topicOf(tx, p.id, true);
    tx.delete(topics).where(eq(topics.id, row.id)).run();
    recordFinanceAction(tx, {
      communityId: row.communityId,
      actorId: p.by,
      action: 'topic.delete',
      subject: `topic:${row.id}`,
      details: { title: row.title, authorId: row.authorId, replies: row.replyCount, reason: p.reason },
      now: p.now,
    });
    return { deleted: true as const, id: row.id };
  }, IMMEDIATE);
}

export function removeReply(db: DB, p: Mod & { id: number; reason: string }) {
  return db.transaction((tx) => {
    const { reply, topic } = replyOf(tx, p.id, true);
    tx.delete(topicReplies).where(eq(topicReplies.id, reply.id)).run();
    recountReplies(tx, topic.id);
    recordFinanceAction(tx, {
      communityId: topic.communityId,
      actorId: p.by,
      action: 'post.delete',
      subject: `post:${reply.id}`,
      details: { topicId: topic.id, authorId: reply.authorId, excerpt: excerpt(reply.body), reason: p.reason },
      now: p.now,
    });
    return { deleted: true as const, id: reply.id, topicId: topic.id };
  }, IMMEDIATE);
}
