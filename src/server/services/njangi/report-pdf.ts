import type { PDFPage } from 'pdf-lib';
import { pdfLib } from '../../pdf/library';
import { drawnText, unicodeFaces, type UnicodeFace } from '../../pdf/unicode-text';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { translator } from '../../i18n';
import type { circleReport } from './report';

/*
 * The circle's report as a printable PDF (A4, as many pages as the rounds need): the totals and
 * the sentence that checks them (money in = paid out + top-ups + shares + fees + held), each
 * round's arithmetic and the members' lines the viewer may see, the same figures as the report
 * screen and the CSV. Names may hold any letters: the text goes through the embedded Unicode font
 * (pdf/unicode-text.ts).
 */

const A4: [number, number] = [595, 842];
const MARGIN = 40;

type Column = { label: string; width: number; align?: 'right' };

export async function circleReportPdf(report: ReturnType<typeof circleReport>, p: { appName: string; community: string; language: Language; now: number }): Promise<Uint8Array> {
  const t = translator(p.language);
  const locale = LOCALES[p.language];
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, report.circle.currency as Currency, locale));
  const { PDFDocument, rgb } = await pdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(drawnText(t('circleFiles.report.title', { circle: report.circle.name })));
  doc.setProducer(p.appName);
  const { regular, bold } = unicodeFaces(doc);
  const ink = rgb(0.1, 0.13, 0.17);
  const muted = rgb(0.35, 0.4, 0.45);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const text = async (s: string, x: number, o: { size?: number; font?: UnicodeFace; color?: ReturnType<typeof rgb>; width?: number; align?: 'right' } = {}) => {
    const size = o.size ?? 9;
    const font = o.font ?? regular;
    // Clip to the column: a long name must not run into the next one.
    const value = o.width ? font.clip(s, size, o.width - 4) : s;
    const dx = o.align === 'right' && o.width ? o.width - 4 - font.width(value, size) : 0;
    await font.draw(page, value, { x: x + dx, y, size, color: o.color ?? ink });
  };
  const line = async (s: string, o: { size?: number; font?: UnicodeFace; color?: ReturnType<typeof rgb>; gap?: number } = {}) => {
    if (y < MARGIN + 20) newPage();
    await text(s, MARGIN, { ...o, width: A4[0] - 2 * MARGIN });
    y -= o.gap ?? 16;
  };
  /** A sentence wrapped to the page's width, line by line. */
  const paragraph = async (s: string, o: { size: number; color: ReturnType<typeof rgb>; gap: number }) => {
    const width = A4[0] - 2 * MARGIN;
    let current = '';
    for (const word of s.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && regular.width(next, o.size) > width) {
        await line(current, { size: o.size, color: o.color, gap: o.size + 3 });
        current = word;
      } else current = next;
    }
    if (current) await line(current, o);
  };
  const table = async (columns: Column[], rows: string[][], size = 9) => {
    const header = async () => {
      let x = MARGIN;
      for (const c of columns) {
        await text(c.label, x, { font: bold, size: 8, color: muted, width: c.width, align: c.align });
        x += c.width;
      }
      y -= 14;
    };
    await header();
    for (const row of rows) {
      if (y < MARGIN + 14) {
        newPage();
        await header();
      }
      let x = MARGIN;
      for (const [i, cell] of row.entries()) {
        const c = columns[i]!;
        await text(cell, x, { size, width: c.width, align: c.align });
        x += c.width;
      }
      y -= 13;
    }
    y -= 10;
  };

  const c = report.circle;
  await line(p.appName, { size: 9, color: muted });
  await line(p.community, { size: 14, font: bold, gap: 20 });
  await line(t('circleFiles.report.title', { circle: c.name }), { size: 18, font: bold, gap: 24 });
  await line(t('circleFiles.report.rules', { contribution: money(c.contribution), frequency: t(`circleFiles.report.frequency.${c.frequency}`), hands: c.hands }), { color: muted });
  await line(t(`circleFiles.report.status.${c.status}`) + (c.cancelReason ? ` · ${c.cancelReason}` : ''), { color: muted });
  // The circle's own zone: where its members meet and its rounds fall due.
  await line(t('circleFiles.report.generated', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: c.timeZone }).format(p.now), zone: c.timeZone }), { color: muted, gap: 24 });

  const totals = report.totals;
  await line(t('circleFiles.report.totalsHeading'), { size: 12, font: bold, gap: 18 });
  await table(
    [
      { label: t('circleFiles.report.collected'), width: 80, align: 'right' },
      { label: t('circleFiles.report.fines'), width: 66, align: 'right' },
      { label: t('circleFiles.report.fees'), width: 66, align: 'right' },
      { label: t('circleFiles.report.shared'), width: 72, align: 'right' },
      { label: t('circleFiles.report.paidOut'), width: 80, align: 'right' },
      { label: t('circleFiles.report.topUps'), width: 75, align: 'right' },
      { label: t('circleFiles.report.shortfall'), width: 76, align: 'right' },
    ],
    [[money(totals.collected), money(totals.fines), money(totals.fees), money(totals.shared), money(totals.paidOut), money(totals.topUps), money(totals.shortfall)]],
  );
  // The cycle-close check, in words: everything that came in is somewhere.
  await paragraph(
    t('circleFiles.report.balance', {
      moneyIn: money(totals.collected + totals.finesPaid),
      collected: money(totals.collected),
      fines: money(totals.finesPaid),
      paidOut: money(totals.paidOut),
      topUps: money(totals.topUps),
      shared: money(totals.shared),
      fees: money(totals.fees),
      held: money(totals.held),
    }),
    { size: 8, color: muted, gap: 20 },
  );

  await line(t('circleFiles.report.roundsHeading'), { size: 12, font: bold, gap: 18 });
  // Ten columns on a page: the discount only for auctions (as on the screen), amounts a point smaller.
  const auction = c.payoutMethod === 'auction';
  const w = auction ? { money: 55, small: 48 } : { money: 64, small: 56 };
  await table(
    [
      { label: t('circleFiles.report.round'), width: 30 },
      { label: t('circleFiles.report.due'), width: 50 },
      { label: t('circleFiles.report.collected'), width: w.money, align: 'right' },
      { label: t('circleFiles.report.shortfall'), width: w.money, align: 'right' },
      { label: t('circleFiles.report.fines'), width: w.small, align: 'right' },
      { label: t('circleFiles.report.fee'), width: w.small, align: 'right' },
      ...(auction ? [{ label: t('circleFiles.report.discount'), width: w.small, align: 'right' as const }] : []),
      { label: t('circleFiles.report.payout'), width: w.money, align: 'right' },
      { label: t('circleFiles.report.topUps'), width: w.money, align: 'right' },
      { label: t('circleFiles.report.payoutStatus'), width: A4[0] - 2 * MARGIN - 80 - 4 * w.money - (auction ? 3 : 2) * w.small },
    ],
    report.rounds.map((r) => [
      String(r.number),
      r.dueDate,
      money(r.collected),
      money(r.shortfall),
      money(r.fines),
      money(r.fee),
      ...(auction ? [money(r.discount)] : []),
      money(r.payout),
      money(r.topUps),
      r.payoutStatus ? t(`circleFiles.report.payoutState.${r.payoutStatus}`) : '',
    ]),
    8,
  );

  await line(t(report.organiser ? 'circleFiles.report.membersHeading' : 'circleFiles.report.yourLine'), { size: 12, font: bold, gap: 18 });
  await table(
    [
      { label: t('circleFiles.report.member'), width: 130 },
      { label: t('circleFiles.report.hands'), width: 40, align: 'right' },
      { label: t('circleFiles.report.paidIn'), width: 80, align: 'right' },
      { label: t('circleFiles.report.received'), width: 80, align: 'right' },
      { label: t('circleFiles.report.shares'), width: 60, align: 'right' },
      { label: t('circleFiles.report.finesPaid'), width: 60, align: 'right' },
      { label: t('circleFiles.report.net'), width: 65, align: 'right' },
    ],
    report.members.map((m) => [m.name, String(m.hands), money(m.paidIn), money(m.received), money(m.shares), money(m.finesPaid), money(m.net)]),
  );
  await line(t('circleFiles.report.footer'), { size: 8, color: muted });
  return doc.save();
}
