import { and, eq, sql } from 'drizzle-orm';
import { pdfLib } from '../../pdf/library';
import { savingsCycles, savingsGroups, savingsShareOuts } from '../../../../db/schema';
import type { DbLike } from '../../../../db/database';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { isOfficer } from '@shared/savings/rules';
import type { Export } from '../../exports/table';
import { translator } from '../../i18n';
import { TextFlow } from '../../pdf/text-flow';
import { drawnText, unicodeFaces } from '../../pdf/unicode-text';
import { notFound } from '../../services/errors';
import { localDateTime } from '../../services/finances/receipt';
import { placeIn } from './groups';
import { SHARE_OUT_NOT_FOUND } from './share-out';

/*
 * A closed cycle's share-out report, the one members check: the fund, the total shares, what was
 * paid out and what stayed in the fund for the next cycle (paid out + carried = fund), and the
 * lines, read from the `share_out` entries. The group's officers read every line; a plain member
 * reads the totals and their own line only, nobody else's. To anyone outside the group the cycle
 * does not exist (404). The same figures go out as JSON, CSV, a workbook and a PDF.
 */

export function shareOutReport(db: DbLike, p: { communityId: number; cycleId: number; viewerId: string }) {
  const row = db
    .select({ cycle: savingsCycles, group: savingsGroups })
    .from(savingsCycles)
    .innerJoin(savingsGroups, eq(savingsGroups.id, savingsCycles.groupId))
    .where(and(eq(savingsCycles.id, p.cycleId), eq(savingsGroups.communityId, p.communityId)))
    .get();
  const place = row ? placeIn(db, row.group.id, p.viewerId) : null;
  // Someone who left still reads what was theirs; anyone else is told there is no such cycle.
  if (!row || !place || (place.status !== 'active' && place.status !== 'left')) throw notFound('errors.savings.cycleNotFound');
  const done = db
    .select()
    .from(savingsShareOuts)
    .where(and(eq(savingsShareOuts.cycleId, row.cycle.id), eq(savingsShareOuts.status, 'confirmed')))
    .get();
  if (!done) throw notFound(SHARE_OUT_NOT_FOUND);
  const officer = place.status === 'active' && isOfficer(place.role);
  const lines = db.all<{ userId: string; name: string; shares: number; amount: number }>(sql`
    SELECT e.member_id AS userId, u.first_name || ' ' || u.last_name AS name, e.shares, e.amount
    FROM savings_entries e JOIN users u ON u.id = e.member_id
    WHERE e.cycle_id = ${row.cycle.id} AND e.kind = 'share_out' AND e.status = 'confirmed'
      ${officer ? sql`` : sql`AND e.member_id = ${p.viewerId}`}
    ORDER BY name, e.member_id`);
  return {
    cycleId: row.cycle.id,
    cycleNumber: row.cycle.number,
    groupId: row.group.id,
    groupName: row.group.name,
    currency: row.group.currency,
    timeZone: row.group.timeZone,
    fund: done.fund,
    totalShares: done.totalShares,
    paidOut: done.paidOut ?? 0,
    carried: done.carried ?? 0,
    carriedLoans: (JSON.parse(done.carriedLoanIds) as number[]).length,
    closedAt: row.cycle.closedAt ?? done.decidedAt ?? 0,
    allLines: officer,
    lines,
  };
}

export type ShareOutReport = ReturnType<typeof shareOutReport>;

/** The report as rows, for its CSV and its workbook: the totals, then the lines the reader may see. */
export function shareOutExport(r: ShareOutReport, language: Language): Export {
  const t = translator(language);
  const currency = r.currency as Currency;
  const money = (header: string) => ({ header: t('savingsFiles.shareOut.withCurrency', { header, currency }), kind: 'money' as const });
  return {
    filename: `savings-cycle-${r.cycleId}-share-out`,
    tables: [
      {
        title: t('savingsFiles.shareOut.totalsHeading'),
        currency,
        columns: [
          { header: t('savingsFiles.shareOut.group'), kind: 'text' },
          { header: t('savingsFiles.shareOut.cycle'), kind: 'integer' },
          { header: t('savingsFiles.shareOut.closedOn'), kind: 'date' },
          money(t('savingsFiles.shareOut.fund')),
          { header: t('savingsFiles.shareOut.totalShares'), kind: 'integer' },
          money(t('savingsFiles.shareOut.paidOut')),
          money(t('savingsFiles.shareOut.carried')),
        ],
        rows: [[r.groupName, r.cycleNumber, new Intl.DateTimeFormat('en-CA', { timeZone: r.timeZone }).format(r.closedAt), r.fund, r.totalShares, r.paidOut, r.carried]],
      },
      {
        title: t(r.allLines ? 'savingsFiles.shareOut.linesHeading' : 'savingsFiles.shareOut.yourLine'),
        currency,
        totalsLabel: t('savingsFiles.shareOut.total'),
        columns: [{ header: t('savingsFiles.shareOut.member'), kind: 'text', width: 28 }, { header: t('savingsFiles.shareOut.shares'), kind: 'integer', total: true }, { ...money(t('savingsFiles.shareOut.amount')), total: true }],
        rows: r.lines.map((l) => [l.name, l.shares, l.amount]),
      },
    ],
  };
}

const MARGIN = 48;

/** The report as an A4 PDF in `language` (as many pages as the lines need), names in any script (pdf/unicode-text.ts). */
export async function shareOutPdf(r: ShareOutReport, f: { appName: string; community: string; language: Language }): Promise<Uint8Array> {
  const t = translator(f.language);
  const money = (n: number) => formatMoney(n, r.currency as Currency, LOCALES[f.language]);
  const { PDFDocument, rgb } = await pdfLib();
  const doc = await PDFDocument.create();
  const title = t('savingsFiles.shareOut.title', { group: r.groupName, cycle: r.cycleNumber });
  doc.setTitle(drawnText(title));
  doc.setProducer(f.appName);
  const { regular, bold } = unicodeFaces(doc);
  const ink = rgb(0.1, 0.13, 0.17);
  const muted = rgb(0.35, 0.4, 0.45);
  const flow = new TextFlow(doc, { regular, bold }, { margin: MARGIN, ink, size: 10 });
  const width = flow.width;
  const say = flow.say.bind(flow);
  /** One line of the members' table: the name clipped to its column, the numbers to the right. */
  const row = async (cells: [string, string, string], strong = false) => {
    const face = strong ? bold : regular;
    const size = 10;
    flow.room(face.lineHeight(size));
    const cols = [{ x: MARGIN, w: width - 200 }, { x: MARGIN + width - 200, w: 70 }, { x: MARGIN + width - 130, w: 130 }];
    for (const [i, cell] of cells.entries()) {
      const c = cols[i]!;
      const text = face.clip(cell, size, c.w - 4);
      const x = i === 0 ? c.x : c.x + c.w - face.width(text, size);
      await face.draw(flow.page, text, { x, y: flow.y, size, color: strong ? muted : ink });
    }
    flow.y -= face.lineHeight(size) + 2;
  };

  await say(f.appName, { size: 9, color: muted });
  await say(f.community, { size: 14, strong: true, gap: 8 });
  await say(title, { size: 18, strong: true, gap: 10 });
  await say(t('savingsFiles.shareOut.closedAt', { date: localDateTime(r.closedAt, r.timeZone, f.language) }), { color: muted, gap: 14 });
  await say(t('savingsFiles.shareOut.totalsHeading'), { size: 12, strong: true });
  await say(t('savingsFiles.shareOut.figure', { label: t('savingsFiles.shareOut.fund'), value: money(r.fund) }));
  await say(t('savingsFiles.shareOut.figure', { label: t('savingsFiles.shareOut.totalShares'), value: String(r.totalShares) }));
  await say(t('savingsFiles.shareOut.figure', { label: t('savingsFiles.shareOut.paidOut'), value: money(r.paidOut) }));
  await say(t('savingsFiles.shareOut.figure', { label: t('savingsFiles.shareOut.carried'), value: money(r.carried) }), { gap: 8 });
  // The sentence members check: nothing of the fund is unaccounted for.
  await say(t('savingsFiles.shareOut.balance', { fund: money(r.fund), paidOut: money(r.paidOut), carried: money(r.carried) }), { size: 9, color: muted });
  await say(t('savingsFiles.shareOut.rule'), { size: 9, color: muted, gap: 14 });
  await say(t(r.allLines ? 'savingsFiles.shareOut.linesHeading' : 'savingsFiles.shareOut.yourLine'), { size: 12, strong: true });
  await row([t('savingsFiles.shareOut.member'), t('savingsFiles.shareOut.shares'), t('savingsFiles.shareOut.amount')], true);
  for (const l of r.lines) await row([l.name, String(l.shares), money(l.amount)]);
  flow.y -= 8;
  await say(t('savingsFiles.shareOut.footer'), { size: 8, color: muted });
  return doc.save();
}
