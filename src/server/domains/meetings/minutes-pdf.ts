import { LOCALES, type Language } from '@shared/i18n/languages';
import { parseMarkdown, type Inline } from '@shared/markdown';
import { translator } from '../../i18n';
import { pdfLib } from '../../pdf/library';
import { TextFlow } from '../../pdf/text-flow';
import { drawnText, unicodeFaces } from '../../pdf/unicode-text';
import { localDateTime } from '../../services/finances/receipt';

/*
 * The minutes as an A4 PDF: the meeting (title, time in its zone, place), where the text stands
 * (draft, shared, or approved on a date, and its version), then the text as written. The safe
 * Markdown's paragraphs and lists are kept; a paragraph that is all bold (how the template marks
 * the agenda's headings) is set as a heading. The labels are in `language`; the text is the
 * secretary's, as they wrote it. Names and text in any script (pdf/unicode-text.ts).
 */

export type MinutesForPdf = {
  meeting: { title: string; startsAt: number; timeZone: string; place: string | null };
  body: string;
  status: 'draft' | 'shared' | 'approved';
  version: number;
  approvedAt: number | null;
  /** The reason of the current version when it was written after the approval (a change of approved minutes), else null. */
  amendment: string | null;
};

const MARGIN = 56;

const plain = (nodes: Inline[]): string => nodes.map((n) => (n.type === 'text' ? n.text : n.type === 'link' && plain(n.children) !== n.href ? `${plain(n.children)} (${n.href})` : plain(n.children))).join('');
const allStrong = (line: Inline[]) => line.length > 0 && line.every((n) => n.type === 'strong' || (n.type === 'text' && !n.text.trim()));

export async function minutesPdf(m: MinutesForPdf, f: { appName: string; community: string; language: Language }): Promise<Uint8Array> {
  const t = translator(f.language);
  const { PDFDocument, rgb } = await pdfLib();
  const doc = await PDFDocument.create();
  const title = t('meetingMinutes.pdf.title', { title: m.meeting.title });
  doc.setTitle(drawnText(title));
  doc.setProducer(f.appName);
  doc.setLanguage(LOCALES[f.language]);
  const ink = rgb(0.1, 0.13, 0.17);
  const muted = rgb(0.35, 0.4, 0.45);
  const flow = new TextFlow(doc, unicodeFaces(doc), { margin: MARGIN, ink, size: 10.5 });
  const say = flow.say.bind(flow);

  await say(f.appName, { size: 9, color: muted });
  await say(f.community, { size: 13, strong: true, gap: 8 });
  await say(title, { size: 17, strong: true, gap: 8 });
  await say(localDateTime(m.meeting.startsAt, m.meeting.timeZone, f.language), { color: muted, gap: 2 });
  if (m.meeting.place) await say(t('meetingMinutes.pdf.place', { place: m.meeting.place }), { color: muted, gap: 2 });
  const standing =
    m.status === 'approved' && m.approvedAt !== null
      ? t('meetingMinutes.pdf.approved', { date: new Intl.DateTimeFormat(LOCALES[f.language], { dateStyle: 'long', timeZone: m.meeting.timeZone }).format(m.approvedAt), version: m.version })
      : t('meetingMinutes.pdf.notApproved', { version: m.version });
  await say(standing, { color: muted, gap: m.amendment ? 2 : 16 });
  if (m.amendment) await say(t('meetingMinutes.pdf.amended', { reason: m.amendment }), { color: muted, gap: 16 });

  for (const block of parseMarkdown(m.body)) {
    if (block.type === 'paragraph') {
      if (block.lines.length === 1 && allStrong(block.lines[0]!)) {
        await say(plain(block.lines[0]!), { size: 12.5, strong: true, gap: 6 });
        continue;
      }
      for (const line of block.lines) await say(plain(line), { gap: 1 });
      flow.y -= 6;
    } else {
      for (const [i, item] of block.items.entries()) await say(`${block.ordered ? `${i + 1}.` : '•'} ${plain(item)}`, { indent: 12, gap: 2 });
      flow.y -= 6;
    }
  }
  flow.y -= 10;
  await say(t('meetingMinutes.pdf.footer'), { size: 8, color: muted });
  return doc.save();
}
