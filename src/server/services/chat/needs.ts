import type { NeedSource } from '../needs/types';
import { iso, nameSql, rolesWith } from '../needs/sql';

/** A reported message, until a moderator resolves it, waits on the community's moderators (chat.moderate), its reporter aside. */
export const chatReportNeeds: NeedSource = {
  kind: 'chatReport',
  group: 1,
  tab: null,
  capability: 'chat.moderate',
  relation: `SELECT r.id, conv.community_id, co.name AS community, r.created_at AS key, m.user_id AS actor, r.reason, conv.id AS conversationId, conv.name AS channel,
      ${nameSql('ru')} AS reporterName
    FROM message_reports r JOIN messages msg ON msg.id = r.message_id JOIN conversations conv ON conv.id = msg.conversation_id
    JOIN memberships m ON m.community_id = conv.community_id AND m.role IN (${rolesWith('chat.moderate')})
    LEFT JOIN communities co ON co.id = conv.community_id
    LEFT JOIN users ru ON ru.id = r.reporter_id
    WHERE r.resolved_at IS NULL AND m.user_id IS NOT r.reporter_id`,
  // Without the names and the community's row the list reads: open reports are few and found by
  // their index, each one's conversation by its key.
  count: `SELECT conv.community_id AS communityId, count(*) AS n
    FROM message_reports r JOIN messages msg ON msg.id = r.message_id JOIN conversations conv ON conv.id = msg.conversation_id
    JOIN memberships m ON m.community_id = conv.community_id AND m.user_id = @viewer AND m.role IN (${rolesWith('chat.moderate')})
    WHERE r.resolved_at IS NULL AND m.user_id IS NOT r.reporter_id GROUP BY conv.community_id`,
  toItem: (r) => ({
    key: `chatReport:${r.id}`,
    kind: 'chatReport',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: null,
    who: r.reporterName as string | null,
    amount: null,
    subject: (r.channel as string | null) ?? null,
    details: { reason: r.reason as string },
    since: iso(r.key),
    due: null,
    link: `/chat?c=${r.conversationId}&reports=1`,
    action: null,
  }),
};
