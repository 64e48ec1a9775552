import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { LOCALES, type Language } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { translator } from '../../i18n';
import type { circleReport } from './report';

/*
 * The circle's report as a printable PDF (A4, as many pages as the rounds need): the totals and
 * the sentence that checks them (money in = paid out + top-ups + shares + fees + held), each
 * round's arithmetic and the members' lines the viewer may see, the same figures as the report
 * screen and the CSV. The standard fonts speak WinAnsi, so the narrow no-break space that
 * Intl puts in French numbers becomes a plain no-break space.
 */

const printable = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0');
const A4: [number, number] = [595, 842];
const MARGIN = 40;

type Column = { label: string; width: number; align?: 'right' };

export async function circleReportPdf(report: ReturnType<typeof circleReport>, p: { appName: string; community: string; language: Language; now: number }): Promise<Uint8Array> {
  const t = translator(p.language);
  const locale = LOCALES[p.language];
  const money = (n: number | null) => (n === null ? '—' : formatMoney(n, report.circle.currency as Currency, locale));
  const doc = await PDFDocument.create();
  doc.setTitle(printable(t('savings.report.title', { circle: report.circle.name })));
  doc.setProducer(p.appName);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.13, 0.17);
  const muted = rgb(0.35, 0.4, 0.45);

  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const newPage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN;
  };
  const text = (s: string, x: number, o: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; width?: number; align?: 'right' } = {}) => {
    const size = o.size ?? 9;
    const font = o.font ?? regular;
    let value = printable(s);
    // Clip to the column: a long name must not run into the next one.
    if (o.width) while (value.length > 1 && font.widthOfTextAtSize(value, size) > o.width - 4) value = `${value.slice(0, -2)}…`;
    const dx = o.align === 'right' && o.width ? o.width - 4 - font.widthOfTextAtSize(value, size) : 0;
    page.drawText(value, { x: x + dx, y, size, font, color: o.color ?? ink });
  };
  const line = (s: string, o: { size?: number; font?: PDFFont; color?: ReturnType<typeof rgb>; gap?: number } = {}) => {
    if (y < MARGIN + 20) newPage();
    text(s, MARGIN, o);
    y -= o.gap ?? 16;
  };
  /** A sentence wrapped to the page's width, line by line. */
  const paragraph = (s: string, o: { size: number; color: ReturnType<typeof rgb>; gap: number }) => {
    const width = A4[0] - 2 * MARGIN;
    let current = '';
    for (const word of printable(s).split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && regular.widthOfTextAtSize(next, o.size) > width) {
        line(current, { size: o.size, color: o.color, gap: o.size + 3 });
        current = word;
      } else current = next;
    }
    if (current) line(current, o);
  };
  const table = (columns: Column[], rows: string[][], size = 9) => {
    const header = () => {
      let x = MARGIN;
      for (const c of columns) {
        text(c.label, x, { font: bold, size: 8, color: muted, width: c.width, align: c.align });
        x += c.width;
      }
      y -= 14;
    };
    header();
    for (const row of rows) {
      if (y < MARGIN + 14) {
        newPage();
        header();
      }
      let x = MARGIN;
      row.forEach((cell, i) => {
        const c = columns[i]!;
        text(cell, x, { size, width: c.width, align: c.align });
        x += c.width;
      });
      y -= 13;
    }
    y -= 10;
  };

  const c = report.circle;
  line(p.appName, { size: 9, color: muted });
  line(p.community, { size: 14, font: bold, gap: 20 });
  line(t('savings.report.title', { circle: c.name }), { size: 18, font: bold, gap: 24 });
  line(t('savings.report.rules', { contribution: money(c.contribution), frequency: t(`savings.report.frequency.${c.frequency}`), hands: c.hands }), { color: muted });
  line(t(`savings.report.status.${c.status}`) + (c.cancelReason ? ` · ${c.cancelReason}` : ''), { color: muted });
  line(t('savings.report.generated', { date: new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(p.now) }), { color: muted, gap: 24 });

  const totals = report.totals;
  line(t('savings.report.totalsHeading'), { size: 12, font: bold, gap: 18 });
  table(
    [
      { label: t('savings.report.collected'), width: 80, align: 'right' },
      { label: t('savings.report.fines'), width: 66, align: 'right' },
      { label: t('savings.report.fees'), width: 66, align: 'right' },
      { label: t('savings.report.shared'), width: 72, align: 'right' },
      { label: t('savings.report.paidOut'), width: 80, align: 'right' },
      { label: t('savings.report.topUps'), width: 75, align: 'right' },
      { label: t('savings.report.shortfall'), width: 76, align: 'right' },
    ],
    [[money(totals.collected), money(totals.fines), money(totals.fees), money(totals.shared), money(totals.paidOut), money(totals.topUps), money(totals.shortfall)]],
  );
  // The cycle-close check, in words: everything that came in is somewhere.
  paragraph(
    t('savings.report.balance', {
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

  line(t('savings.report.roundsHeading'), { size: 12, font: bold, gap: 18 });
  // Ten columns on a page: the discount only for auctions (as on the screen), amounts a point smaller.
  const auction = c.payoutMethod === 'auction';
  const w = auction ? { money: 55, small: 48 } : { money: 64, small: 56 };
  table(
    [
      { label: t('savings.report.round'), width: 30 },
      { label: t('savings.report.due'), width: 50 },
      { label: t('savings.report.collected'), width: w.money, align: 'right' },
      { label: t('savings.report.shortfall'), width: w.money, align: 'right' },
      { label: t('savings.report.fines'), width: w.small, align: 'right' },
      { label: t('savings.report.fee'), width: w.small, align: 'right' },
      ...(auction ? [{ label: t('savings.report.discount'), width: w.small, align: 'right' as const }] : []),
      { label: t('savings.report.payout'), width: w.money, align: 'right' },
      { label: t('savings.report.topUps'), width: w.money, align: 'right' },
      { label: t('savings.report.payoutStatus'), width: A4[0] - 2 * MARGIN - 80 - 4 * w.money - (auction ? 3 : 2) * w.small },
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
      r.payoutStatus ? t(`savings.report.payoutState.${r.payoutStatus}`) : '',
    ]),
    8,
  );

  line(t(report.organiser ? 'savings.report.membersHeading' : 'savings.report.yourLine'), { size: 12, font: bold, gap: 18 });
  table(
    [
      { label: t('savings.report.member'), width: 130 },
      { label: t('savings.report.hands'), width: 40, align: 'right' },
      { label: t('savings.report.paidIn'), width: 80, align: 'right' },
      { label: t('savings.report.received'), width: 80, align: 'right' },
      { label: t('savings.report.shares'), width: 60, align: 'right' },
      { label: t('savings.report.finesPaid'), width: 60, align: 'right' },
      { label: t('savings.report.net'), width: 65, align: 'right' },
    ],
    report.members.map((m) => [m.name, String(m.hands), money(m.paidIn), money(m.received), money(m.shares), money(m.finesPaid), money(m.net)]),
  );
  line(t('savings.report.footer'), { size: 8, color: muted });
  return doc.save();
}
