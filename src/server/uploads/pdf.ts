import { AsyncLocalStorage } from 'node:async_hooks';
import type { PDFDocument } from 'pdf-lib';
import { pdfLib, type PdfLib } from '../pdf/library';

/** A proof or receipt longer than this is not a receipt. */
export const MAX_PDF_PAGES = 50;
/**
 * How many bytes pdf-lib may inflate while reading one upload (object and cross-reference
 * streams). Real files need a few kilobytes; a 1 MB "zip bomb" inflates to 1 GB and takes the
 * whole process's memory and ten seconds of its time.
 */
const DECODE_BUDGET = 32 * 1024 * 1024;

/** Why a PDF was refused; the operation turns it into a catalogue message. */
export class PdfRefused extends Error {
  constructor(readonly reason: 'unreadable' | 'encrypted' | 'pages') {
    super(reason);
    this.name = 'PdfRefused';
  }
}

/** A PDF starts with its header; the file name and declared type are not trusted. */
export function sniffPdf(b: Uint8Array): boolean {
  return b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d; // %PDF-
}

const budget = new AsyncLocalStorage<{ left: number }>();
let guarded: boolean | undefined;

/**
 * pdf-lib has no limit on what it inflates, so the buffer growth of its decoding streams is
 * counted against the budget of the upload being read (only inside rewritePdf; receipts made
 * by the server are untouched). The class is reached through a stream pdf-lib decodes itself,
 * so it is the very one its parser uses, whichever build of the package was loaded.
 */
function guardDecoding({ decodePDFRawStream, PDFContext }: PdfLib): boolean {
  if (guarded !== undefined) return guarded;
  const probe = decodePDFRawStream(PDFContext.create().flateStream(new Uint8Array(1)));
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(probe)) as { ensureBuffer?: (this: { buffer: Uint8Array }, requested: number) => Uint8Array } | null;
  const original = proto?.ensureBuffer;
  if (!proto || typeof original !== 'function') return (guarded = false);
  proto.ensureBuffer = function (requested: number) {
    const before = this.buffer.byteLength;
    const buffer = original.call(this, requested);
    const allowance = budget.getStore();
    // Buffers grow by doubling: what is charged is what was allocated, not what was asked for.
    if (allowance && buffer.byteLength > before) {
      allowance.left -= buffer.byteLength - before;
      if (allowance.left < 0) throw new PdfRefused('unreadable');
    }
    return buffer;
  };
  // pdf-lib also reports each object it skips on console.warn: one crafted upload would write
  // thousands of unstructured lines to the server's log. Quiet only while an upload is read.
  const warn = console.warn.bind(console);
  console.warn = (...args: unknown[]) => {
    if (!budget.getStore()) warn(...args);
  };
  return (guarded = true);
}

// Annotations that play media or carry files: nothing a receipt needs.
const DROPPED_ANNOTATIONS = ['FileAttachment', 'Sound', 'Movie', 'Screen', 'RichMedia', '3D'];

/** Keeps what a page shows; drops what it would run (page and annotation actions) and attached media. */
function disarm(doc: PDFDocument, { PDFArray, PDFDict, PDFName }: PdfLib) {
  const ACTIONS = [PDFName.of('A'), PDFName.of('AA')];
  const dropped = new Set(DROPPED_ANNOTATIONS.map((n) => PDFName.of(n)));
  for (const page of doc.getPages()) {
    page.node.delete(PDFName.of('AA'));
    const annots = doc.context.lookup(page.node.get(PDFName.of('Annots')));
    if (!(annots instanceof PDFArray)) {
      page.node.delete(PDFName.of('Annots'));
      continue;
    }
    const kept = doc.context.obj([]);
    for (let i = 0; i < annots.size(); i++) {
      const ref = annots.get(i);
      const annot = doc.context.lookup(ref);
      if (!(annot instanceof PDFDict) || dropped.has(doc.context.lookup(annot.get(PDFName.of('Subtype'))) as ReturnType<PdfLib['PDFName']['of']>)) continue;
      for (const key of ACTIONS) annot.delete(key);
      kept.push(ref);
    }
    page.node.set(PDFName.of('Annots'), kept);
  }
}

/**
 * The PDF rewritten by pdf-lib: its pages copied into a new document and saved. What does not
 * survive: incremental-update history (earlier versions hidden under the visible one), objects
 * that do not parse, document-level scripts and open actions, attached files, forms and metadata.
 * Throws PdfRefused for a file that does not read as a PDF, an encrypted one, or too many pages.
 */
export async function rewritePdf(bytes: Uint8Array): Promise<Uint8Array> {
  const lib = await pdfLib();
  const { PDFDocument } = lib;
  if (!guardDecoding(lib)) throw new PdfRefused('unreadable');
  const allowance = { left: DECODE_BUDGET };
  return budget.run(allowance, async () => {
    let source: PDFDocument;
    try {
      // ignoreEncryption only so that an encrypted file is recognised (and refused) below.
      source = await PDFDocument.load(bytes, { updateMetadata: false, ignoreEncryption: true });
    } catch {
      throw new PdfRefused('unreadable');
    }
    // The parser skips objects it cannot read, so a spent budget may not have surfaced as an error.
    if (allowance.left < 0) throw new PdfRefused('unreadable');
    if (source.isEncrypted) throw new PdfRefused('encrypted');
    try {
      const count = source.getPageCount();
      if (count === 0) throw new PdfRefused('unreadable');
      if (count > MAX_PDF_PAGES) throw new PdfRefused('pages');
      const copy = await PDFDocument.create({ updateMetadata: false });
      for (const page of await copy.copyPages(source, source.getPageIndices())) copy.addPage(page);
      disarm(copy, lib);
      return await copy.save();
    } catch (error) {
      if (error instanceof PdfRefused) throw error;
      throw new PdfRefused('unreadable');
    }
  });
}
