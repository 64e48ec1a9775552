import { pdfLib } from '../../pdf/library';
import { drawnText, unicodeFaces } from '../../pdf/unicode-text';
import type { Language } from '@shared/i18n/languages';
import { LOCALES } from '@shared/i18n/languages';
import { formatMoney, type Currency } from '@shared/money';
import { translator } from '../../i18n';
import { periodLabel } from '@shared/finances/periods';

export type ReceiptData = {
  appName: string;
  community: string;
  receiptNo: number;
  member: string;
  amount: number;
  currency: Currency;
  purpose: 'dues' | 'donation' | 'levy' | 'fine';
  /** A levy's fund ("Bereavement fund"), named on its receipt. */
  fund?: string | null;
  method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other';
  provider: string | null;
  reference: string | null;
  confirmedAt: number;
  confirmedBy: string;
  /** The community's time zone: the receipt's date and time are local there. */
  timeZone: string;
  /** The language the member chose in their profile: the receipt is written in it. */
  memberLanguage: Language;
  /** The dues periods the payment paid for (period keys such as '2026-11'), oldest first. */
  periods: string[];
};

/** A local date and time, with the zone said: "2 March 2026 at 11:00 (Africa/Douala time)". */
export function localDateTime(instant: number, timeZone: string, language: Language): string {
  const date = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone }).format(instant);
  return translator(language)('finances.receipt.localTime', { date, zone: timeZone.replace(/_/g, ' ') });
}

/** What a receipt page shows: a title, label/value rows (bold ones stand out), a footer. */
export type ReceiptDocument = { appName: string; community: string; title: string; rows: { label: string; value: string; bold?: boolean }[]; footer: string };

/**
 * A one-page A5 receipt: the layout every receipt shares (community payments, savings circles).
 * Names and values may hold any letters (pdf/unicode-text.ts); a long value wraps onto more lines.
 */
export async function receiptDocumentPdf(d: ReceiptDocument): Promise<Uint8Array> {
  const { PDFDocument, rgb } = await pdfLib();
  const doc = await PDFDocument.create();
  doc.setTitle(drawnText(d.title));
  doc.setProducer(d.appName);
  const page = doc.addPage([420, 595]); // A5 portrait, in points
  const { regular, bold } = unicodeFaces(doc);
  const ink = rgb(0.1, 0.13, 0.17);
  const muted = rgb(0.35, 0.4, 0.45);
  let y = 540;
  const line = async (text: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {}) => {
    const size = opts.size ?? 11;
    const face = opts.bold ? bold : regular;
    const lines = face.wrap(text, size, 340);
    for (const [i, part] of lines.entries()) {
      await face.draw(page, part, { x: 40, y, size, color: opts.color ?? ink });
      y -= i < lines.length - 1 ? face.lineHeight(size) : (opts.gap ?? 20);
    }
  };
  await line(d.appName, { size: 10, color: muted });
  await line(d.community, { size: 16, bold: true, gap: 28 });
  await line(d.title, { size: 20, bold: true, gap: 36 });
  for (const row of d.rows) {
    await line(row.label, { size: 9, color: muted, gap: 13 });
    await line(row.value, { size: 12, bold: row.bold, gap: 24 });
  }
  y -= 10;
  await line(d.footer, { size: 9, color: muted });
  return doc.save();
}

/** A one-page PDF receipt of a community payment, in `language` (the member's own). */
export async function receiptPdf(r: ReceiptData, language: Language): Promise<Uint8Array> {
  const t = translator(language);
  const category = r.purpose === 'levy' ? t('welfare.receipt.levy', { fund: r.fund ?? '' }) : t(r.purpose === 'dues' ? 'finances.categories.dues' : 'finances.categories.donation');
  const labels = r.periods.map((key) => periodLabel(key, LOCALES[language], (k, params) => t(k, params)));
  // One period by name; several as the first and the last ("November 2026 – January 2027").
  const periods = labels.length <= 2 ? labels.join(', ') : `${labels[0]} – ${labels[labels.length - 1]}`;
  return receiptDocumentPdf({
    appName: r.appName,
    community: r.community,
    title: t('finances.receipt.title', { number: r.receiptNo }),
    rows: [
      { label: t('finances.receipt.receivedFrom'), value: r.member },
      { label: t('finances.receipt.amount'), value: formatMoney(r.amount, r.currency, LOCALES[language]), bold: true },
      { label: t('finances.receipt.for'), value: periods ? t('finances.receipt.duesFor', { category, periods }) : category },
      { label: t('finances.receipt.method'), value: [t(`finances.methods.${r.method}`), r.provider].filter(Boolean).join(' · ') },
      ...(r.reference ? [{ label: t('finances.receipt.reference'), value: r.reference }] : []),
      { label: t('finances.receipt.confirmedOn'), value: localDateTime(r.confirmedAt, r.timeZone, language) },
      { label: t('finances.receipt.confirmedBy'), value: r.confirmedBy },
    ],
    footer: t('finances.receipt.footer'),
  });
}
