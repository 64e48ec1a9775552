import { and, eq, inArray } from 'drizzle-orm';
import { topics, users } from '../../../db/schema';
import type { AppDeps } from '../context';
import { topicLink } from '../services/discussions/topics';
import { emailNotice } from './notice';

/*
 * Replies and mentions in discussions are always told in the app (in the change's transaction);
 * members who chose it in their profile also get them by email, sent here once the change has
 * committed, in each reader's language. A mail failure is logged by sendMail and undoes nothing.
 */
export async function mailDiscussionNotices(
  deps: Pick<AppDeps, 'db' | 'env' | 'mailer' | 'log'>,
  p: { topicId: number; author: string; community: string; mentioned?: readonly string[]; followers?: readonly string[] },
) {
  const mentioned = [...new Set(p.mentioned ?? [])];
  const followers = [...new Set(p.followers ?? [])].filter((id) => !mentioned.includes(id));
  const ids = [...mentioned, ...followers];
  if (!ids.length) return;
  const readers = deps.db
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.notifyDiscussionsEmail, true)))
    .all();
  if (!readers.length) return;
  const title = deps.db.select({ title: topics.title }).from(topics).where(eq(topics.id, p.topicId)).get()?.title ?? '';
  const params = { name: p.author, title, community: p.community };
  for (const to of readers) {
    await emailNotice(deps, to, { key: mentioned.includes(to.id) ? 'discussionMention' : 'discussionReply', params, link: topicLink(p.topicId) });
  }
}
