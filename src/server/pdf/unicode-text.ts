import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Font } from '@pdf-lib/fontkit';
import type { Color, PDFDocument, PDFFont, PDFPage } from 'pdf-lib';
import { woffToSfnt } from './woff';

/*
 * Text in the PDFs the app makes (receipts, circle reports), whatever the names hold. The standard
 * PDF fonts speak WinAnsi only, so a name such as "Ŋgɔnɛ" or one with an emoji made pdf-lib
 * throw and the request answer 500. Every PDF now embeds Noto Sans (@fontsource/noto-sans, SIL
 * Open Font License), which the package ships split by script: Latin, Latin Extended (A, B, the
 * IPA letters of African alphabets such as Ɛ ɛ Ɔ ɔ Ŋ ŋ Ɓ ɓ Ɗ ɗ, and currency signs such as ₦ ₵),
 * Vietnamese, Greek and Cyrillic. Each character is drawn with the first of those that has it;
 * only the parts a document uses are embedded, each subset to the glyphs it draws, so a receipt
 * stays a few kilobytes. What none of them can draw (an emoji, another script) becomes U+FFFD,
 * one per character as a reader perceives it, never an error.
 */

const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'] as const;
export type Weight = 400 | 700;

type Source = { bytes: Uint8Array; font: Font; chars: Set<number> };
const require = createRequire(import.meta.url);
const sources = new Map<string, Source>();
type Fontkit = typeof import('@pdf-lib/fontkit');
let loadedFontkit: Fontkit | undefined;
/** fontkit, required at the first text measured or drawn, not at the server's start (see library.ts). */
const fontkit = (): Fontkit => (loadedFontkit ??= require('@pdf-lib/fontkit') as Fontkit);

/** One subset's font file, read and parsed once per process. */
function source(subset: number, weight: Weight): Source {
  const key = `${SUBSETS[subset]}-${weight}`;
  let s = sources.get(key);
  if (!s) {
    const bytes = woffToSfnt(readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${key}-normal.woff`)));
    const font = fontkit().create(bytes);
    s = { bytes, font, chars: new Set(font.characterSet) };
    sources.set(key, s);
  }
  return s;
}

/*
 * pdf-lib draws each glyph at its own advance and applies no positioning (kerning, mark
 * placement), so shaping buys nothing here; and each document parses its fonts anew, where the
 * first shaping of a font instance decodes its large substitution tables (about 300 ms for Noto
 * Sans). With every feature off a character is its own glyph, measured as drawn.
 */
const NO_SHAPING = Object.fromEntries(['ccmp', 'locl', 'rlig', 'mark', 'mkmk', 'calt', 'clig', 'liga', 'rclt', 'curs', 'kern', 'rvrn', 'frac', 'numr', 'dnom', 'dlig', 'hlig'].map((f) => [f, false]));

const REPLACEMENT = '\uFFFD';
// Joiners and presentation selectors only shape what comes with them: dropped when the rest can be drawn.
const SHAPING = new Set([0x200d, 0xfe0e, 0xfe0f]);
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

const subsetCache = new Map<number, number>();
/** The subset that draws a code point, or -1. */
function subsetOf(cp: number, weight: Weight): number {
  const key = cp * 2 + (weight === 700 ? 1 : 0);
  let found = subsetCache.get(key);
  if (found === undefined) {
    found = -1;
    for (let i = 0; i < SUBSETS.length; i += 1) {
      if (source(i, weight).chars.has(cp)) {
        found = i;
        break;
      }
    }
    subsetCache.set(key, found);
  }
  return found;
}

const advances = new Map<string, number>();
/** A character's advance in 1/1000 of the font size. */
function advanceOf(subset: number, weight: Weight, cp: number): number {
  const key = `${subset}.${weight}.${cp}`;
  let a = advances.get(key);
  if (a === undefined) {
    const font = source(subset, weight).font;
    a = (font.glyphForCodePoint(cp).advanceWidth * 1000) / font.unitsPerEm;
    advances.set(key, a);
  }
  return a;
}

export type Run = { subset: number; text: string };

// Names and labels repeat within a document and across documents: their runs are kept (a bounded cache).
const runCache = new Map<string, Run[]>();

/**
 * The text cut into runs of one subset each, after what no subset can draw is replaced. Intl's
 * narrow no-break space (French numbers) is not in Noto Sans: a plain no-break space stands in.
 */
export function runsOf(text: string, weight: Weight): Run[] {
  const key = `${weight}\u0000${text}`;
  const cached = runCache.get(key);
  if (cached) return cached;
  const runs: Run[] = [];
  const push = (subset: number, chars: string) => {
    const last = runs[runs.length - 1];
    if (last && last.subset === subset) last.text += chars;
    else runs.push({ subset, text: chars });
  };
  const normal = text.normalize('NFC').replace(/[\u202f\u2009]/g, '\u00a0').replace(/[\u0000-\u001f\u007f]/g, ' ');
  // Plain Latin text (most of it) needs no grapheme segmentation.
  const simple = /^[\u0020-\u007e\u00a0-\u00ff]*$/.test(normal);
  for (const segment of simple ? normal : [...graphemes.segment(normal)].map((g) => g.segment)) {
    const points = [...segment].map((ch) => ch.codePointAt(0)!).filter((cp) => !SHAPING.has(cp));
    const subsets = points.map((cp) => subsetOf(cp, weight));
    if (points.length === 0 || subsets.includes(-1)) {
      push(subsetOf(REPLACEMENT.codePointAt(0)!, weight), REPLACEMENT);
      continue;
    }
    points.forEach((cp, i) => push(subsets[i]!, String.fromCodePoint(cp)));
  }
  if (runCache.size > 2000) runCache.clear();
  runCache.set(key, runs);
  return runs;
}

/** What a person will read once drawn: the text with the characters no font has replaced. */
export const drawnText = (text: string, weight: Weight = 400) =>
  runsOf(text, weight)
    .map((r) => r.text)
    .join('');

/** One weight of the embedded Unicode font in one document: measures synchronously, embeds a subset the first time it draws with it. */
export class UnicodeFace {
  private readonly embedded = new Map<number, Promise<PDFFont>>();
  constructor(
    private readonly doc: PDFDocument,
    readonly weight: Weight,
  ) {}

  private runWidth(run: Run, size: number): number {
    let advance = 0;
    for (const ch of run.text) advance += advanceOf(run.subset, this.weight, ch.codePointAt(0)!);
    return (advance * size) / 1000;
  }

  width(text: string, size: number): number {
    return runsOf(text, this.weight).reduce((sum, run) => sum + this.runWidth(run, size), 0);
  }

  /** Line height at `size`, from the Latin subset's own metrics. */
  lineHeight(size: number): number {
    const font = source(0, this.weight).font;
    return ((font.ascent - font.descent + font.lineGap) * size) / font.unitsPerEm;
  }

  private fontFor(subset: number): Promise<PDFFont> {
    let font = this.embedded.get(subset);
    if (!font) {
      font = this.doc.embedFont(source(subset, this.weight).bytes, { subset: true, features: NO_SHAPING });
      this.embedded.set(subset, font);
    }
    return font;
  }

  async draw(page: PDFPage, text: string, at: { x: number; y: number; size: number; color: Color }): Promise<void> {
    let x = at.x;
    for (const run of runsOf(text, this.weight)) {
      page.drawText(run.text, { x, y: at.y, size: at.size, color: at.color, font: await this.fontFor(run.subset) });
      x += this.runWidth(run, at.size);
    }
  }

  /** The text cut at word boundaries into lines no wider than `maxWidth` (a word longer than a line is cut where it must be). */
  wrap(text: string, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/(?<=\s)/)) {
      const candidate = line + word;
      if (!line || this.width(candidate.trimEnd(), size) <= maxWidth) {
        line = candidate;
        continue;
      }
      lines.push(line.trimEnd());
      line = word;
    }
    if (line.trim() || lines.length === 0) lines.push(line.trimEnd());
    return lines.flatMap((l) => this.hardWrap(l, size, maxWidth));
  }

  private hardWrap(line: string, size: number, maxWidth: number): string[] {
    if (this.width(line, size) <= maxWidth) return [line];
    const out: string[] = [];
    let current = '';
    for (const { segment } of graphemes.segment(line)) {
      if (current && this.width(current + segment, size) > maxWidth) {
        out.push(current);
        current = '';
      }
      current += segment;
    }
    if (current) out.push(current);
    return out;
  }

  /** The text shortened with an ellipsis to fit `maxWidth`. */
  clip(text: string, size: number, maxWidth: number): string {
    if (this.width(text, size) <= maxWidth) return text;
    const parts = [...graphemes.segment(text)].map((s) => s.segment);
    while (parts.length > 1 && this.width(`${parts.join('')}…`, size) > maxWidth) parts.pop();
    return `${parts.join('')}…`;
  }
}

/** The regular and bold faces for a document (registers fontkit with it). */
export function unicodeFaces(doc: PDFDocument): { regular: UnicodeFace; bold: UnicodeFace } {
  doc.registerFontkit(fontkit());
  return { regular: new UnicodeFace(doc, 400), bold: new UnicodeFace(doc, 700) };
}
