import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Language } from '../../../shared/i18n/languages';
import { LOCALES } from '../../../shared/i18n/languages';
import { formatMoney, type Currency } from '../../../shared/money';
import { translator } from '../../i18n';

export type ReceiptData = {
  appName: string;
  community: string;
  receiptNo: number;
  member: string;
  amount: number;
  currency: Currency;
  purpose: 'dues' | 'donation';
  method: 'cash' | 'mobile_money' | 'bank_transfer' | 'other';
  provider: string | null;
  reference: string | null;
  confirmedAt: number;
  confirmedBy: string;
};

/*
 * The standard PDF fonts speak WinAnsi: French accents and typographic quotes are in it, but
 * the narrow no-break space Intl puts in French numbers is not, so it becomes a plain one.
 */
const printable = (text: string) => text.replace(/[\u202f\u2009]/g, '\u00a0');

/** A one-page PDF receipt in the member's language. */
export async function receiptPdf(r: ReceiptData, language: Language): Promise<Uint8Array> {
  const t = translator(language);
  const doc = await PDFDocument.create();
  doc.setTitle(t('finances.receipt.title', { number: r.receiptNo }));
  doc.setProducer(r.appName);
  const page = doc.addPage([420, 595]); // A5 portrait, in points
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.1, 0.13, 0.17);
  const muted = rgb(0.35, 0.4, 0.45);
  let y = 540;
  const line = (text: string, opts: { size?: number; bold?: boolean; color?: ReturnType<typeof rgb>; gap?: number } = {}) => {
    page.drawText(printable(text), { x: 40, y, size: opts.size ?? 11, font: opts.bold ? bold : regular, color: opts.color ?? ink, maxWidth: 340 });
    y -= opts.gap ?? 20;
  };
  const date = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(r.confirmedAt);
  line(r.appName, { size: 10, color: muted });
  line(r.community, { size: 16, bold: true, gap: 28 });
  line(t('finances.receipt.title', { number: r.receiptNo }), { size: 20, bold: true, gap: 36 });
  const rows: [string, string][] = [
    [t('finances.receipt.receivedFrom'), r.member],
    [t('finances.receipt.amount'), formatMoney(r.amount, r.currency, LOCALES[language])],
    [t('finances.receipt.for'), t(r.purpose === 'dues' ? 'finances.categories.dues' : 'finances.categories.donation')],
    [t('finances.receipt.method'), [t(`finances.methods.${r.method}`), r.provider].filter(Boolean).join(' · ')],
    ...(r.reference ? ([[t('finances.receipt.reference'), r.reference]] as [string, string][]) : []),
    [t('finances.receipt.confirmedOn'), `${date} UTC`],
    [t('finances.receipt.confirmedBy'), r.confirmedBy],
  ];
  for (const [label, value] of rows) {
    line(label, { size: 9, color: muted, gap: 13 });
    line(value, { size: 12, bold: label === t('finances.receipt.amount'), gap: 24 });
  }
  y -= 10;
  line(t('finances.receipt.footer'), { size: 9, color: muted });
  return doc.save();
}
