import type { DB } from '../../../../db/database';
import type { Language } from '@shared/i18n/languages';
import type { Currency } from '@shared/money';
import type { CommunityRole } from '@shared/permissions';
import type { Standing } from '@shared/standing';
import type { Cell } from '../../exports/table';
import type { Export } from '../../exports/table';
import { translator } from '../../i18n';
import { listCategories } from './rules';
import { rollRows } from './roll';

/**
 * The standing roll as rows, for the CSV and the workbook alike (one row builder): member, role,
 * category, standing in words, arrears and since when, the end of a suspension or of the waiting
 * period, the suspension's reason; in the requester's language, dates in the community's zone.
 */
export function rollExport(db: DB, p: { communityId: number; communityName: string; currency: Currency; timeZone: string; language: Language; now: number; standing?: Standing; categoryId?: number }): Export {
  const t = translator(p.language);
  const categories = new Map(listCategories(db, p.communityId).map((c) => [c.id, c.name]));
  const day = (iso: string | null) => (iso ? new Intl.DateTimeFormat('en-CA', { timeZone: p.timeZone }).format(Date.parse(iso)) : null);
  const rows: Cell[][] = [...rollRows(db, { communityId: p.communityId, now: p.now, standing: p.standing, categoryId: p.categoryId })].map((r) => [
    r.name,
    t(`communities.roles.${r.role as CommunityRole}`),
    r.categoryId === null ? '' : (categories.get(r.categoryId) ?? ''),
    t(`standing.standings.${r.standing}`),
    r.arrears,
    day(r.arrearsSince),
    day(r.suspendedUntil ?? r.newUntil),
    r.suspensionReason ?? '',
  ]);
  const stamp = new Intl.DateTimeFormat('en-CA', { timeZone: p.timeZone }).format(p.now);
  return {
    filename: `standing-${p.communityId}-${stamp}`,
    tables: [
      {
        title: t('standing.export.title', { community: p.communityName }),
        currency: p.currency,
        totalsLabel: t('standing.export.total'),
        columns: [
          { header: t('standing.export.member'), kind: 'text', width: 28 },
          { header: t('standing.export.role'), kind: 'text', width: 14 },
          { header: t('standing.export.category'), kind: 'text', width: 16 },
          { header: t('standing.export.standing'), kind: 'text', width: 16 },
          { header: t('standing.export.arrears', { currency: p.currency }), kind: 'money', total: true, width: 14 },
          { header: t('standing.export.since'), kind: 'date', width: 12 },
          { header: t('standing.export.until'), kind: 'date', width: 12 },
          { header: t('standing.export.reason'), kind: 'text', width: 30 },
        ],
        rows,
      },
    ],
  };
}

