import { eq, sql } from 'drizzle-orm';
import { topicMembers } from '../../../db/schema';
import { discussions } from '../operations/discussions';
import { discussionRoutes } from '../rest/discussions';
import { defineDomain } from './domain';

const iso = (ms: number) => new Date(ms).toISOString();

/** Discussion topics, replies, mentions, following, moderation. */
export const discussionsDomain = defineDomain({
  name: 'discussions',
  operations: { discussions },
  rest: discussionRoutes,
  noticeKinds: { 'notifications.discussionReply': 'discussions', 'notifications.discussionMention': 'discussions' },
  exportData: (db, user) => ({
    topics: db
      .all<{ id: number; community: string; title: string; body: string; createdAt: number }>(
        sql`SELECT t.id, c.name AS community, t.title, t.body, t.created_at AS createdAt
          FROM topics t JOIN communities c ON c.id = t.community_id WHERE t.author_id = ${user.id} ORDER BY t.id`,
      )
      .map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    replies: db
      .all<{ id: number; topicId: number; topic: string; body: string; createdAt: number }>(
        sql`SELECT r.id, r.topic_id AS topicId, t.title AS topic, r.body, r.created_at AS createdAt
          FROM topic_replies r JOIN topics t ON t.id = r.topic_id WHERE r.author_id = ${user.id} ORDER BY r.id`,
      )
      .map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
  }),
  erase: (tx, { user, removePosts }) => {
    // Following and muting are the person's own settings.
    tx.delete(topicMembers).where(eq(topicMembers.userId, user.id)).run();
    if (!removePosts) return { topics: 0, replies: 0 };
    // Topics others replied in stay (their replies would lose their context); the rest go.
    const topics = tx.run(sql`DELETE FROM topics WHERE author_id = ${user.id}
      AND NOT EXISTS (SELECT 1 FROM topic_replies r WHERE r.topic_id = topics.id AND (r.author_id IS NULL OR r.author_id <> ${user.id}))`).changes;
    const touched = tx.all<{ topicId: number }>(sql`SELECT DISTINCT topic_id AS topicId FROM topic_replies WHERE author_id = ${user.id}`);
    const replies = tx.run(sql`DELETE FROM topic_replies WHERE author_id = ${user.id}`).changes;
    // The topics' counters follow their rows, as every other reply deletion keeps them.
    for (const t of touched) {
      tx.run(sql`UPDATE topics SET reply_count = (SELECT count(*) FROM topic_replies r WHERE r.topic_id = topics.id AND r.hidden_at IS NULL) WHERE id = ${t.topicId}`);
    }
    return { topics, replies };
  },
  personalData: {
    topics: { export: { key: 'topics' }, erase: { kept: 'under "Former member", unless the person asks for their posts to go' } },
    topic_replies: { export: { key: 'replies' }, erase: { kept: 'under "Former member", unless the person asks for their posts to go' } },
    topic_members: { export: { not: 'follow and mute settings' }, erase: 'deleted' },
  },
});
