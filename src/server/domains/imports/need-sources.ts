import type { NeedSource } from '../../services/needs/types';
import { iso, nameSql, rolesWith } from '../../services/needs/sql';

/*
 * Books' history brought in from a spreadsheet waits, all or none, on a second finance officer
 * (confirmLedger's rule: never the one who brought the file in). Checking it means reading its
 * rows, so the item links to the import page rather than confirming in one tap.
 */
export const ledgerImportNeeds: NeedSource = {
  kind: 'ledgerImport',
  group: 1,
  tab: 'finances',
  capability: 'finances.import',
  relation: `SELECT li.id, li.community_id, c.name AS community, li.created_at AS key, m.user_id AS actor,
      li.file_name AS fileName, li.row_count AS rowCount, ${nameSql('cu')} AS creatorName
    FROM ledger_imports li
    JOIN memberships m ON m.community_id = li.community_id AND m.role IN (${rolesWith('finances.import')})
    LEFT JOIN communities c ON c.id = li.community_id
    LEFT JOIN users cu ON cu.id = li.created_by
    WHERE li.status = 'pending' AND m.user_id IS NOT li.created_by`,
  toItem: (r) => ({
    key: `ledgerImport:${r.id}`,
    kind: 'ledgerImport',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'finances',
    who: (r.creatorName as string | null) ?? null,
    amount: null,
    subject: r.fileName as string,
    details: { rows: r.rowCount as number },
    since: iso(r.key),
    due: null,
    link: `/community/${r.community_id}/import`,
    action: null,
  }),
};

/*
 * A savings circle already running, brought in by its organiser, waits on the community's finance
 * officers other than the organiser and the one who submitted it (confirmCircleImport's rule),
 * while the circle still recruits (a circle cancelled meanwhile can no longer be filled).
 * Checking it means reading its rows, so the item links to the circle's page.
 */
export const circleImportNeeds: NeedSource = {
  kind: 'circleImport',
  group: 1,
  tab: 'savings',
  capability: 'finances.record',
  relation: `SELECT ci_.id, ci_.community_id, c.name AS community, ci_.created_at AS key, m.user_id AS actor,
      ci_.circle_id AS circleId, ci.name AS circle, ci_.row_count AS rowCount, ${nameSql('cu')} AS creatorName
    FROM circle_imports ci_
    JOIN circles ci ON ci.id = ci_.circle_id
    JOIN memberships m ON m.community_id = ci_.community_id AND m.role IN (${rolesWith('finances.record')})
    LEFT JOIN communities c ON c.id = ci_.community_id
    LEFT JOIN users cu ON cu.id = ci_.created_by
    WHERE ci_.status = 'pending' AND ci.status = 'recruiting' AND m.user_id IS NOT ci_.created_by AND m.user_id <> ci.organiser_id`,
  toItem: (r) => ({
    key: `circleImport:${r.id}`,
    kind: 'circleImport',
    id: r.id,
    communityId: r.community_id,
    community: r.community,
    tab: 'savings',
    who: (r.creatorName as string | null) ?? null,
    amount: null,
    subject: r.circle as string,
    details: { rows: r.rowCount as number },
    since: iso(r.key),
    due: null,
    link: `/njangi/${r.circleId}`,
    action: null,
  }),
};
