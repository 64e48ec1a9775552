import { PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

/*
 * What a PDF the app made holds, read back with pdf-lib: its title, the fonts it embeds, and the
 * characters its text maps to (each font's ToUnicode map: the code points a reader extracts).
 */
export async function pdfFacts(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const fonts: string[] = [];
  const unicode = new Set<number>();
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (obj instanceof PDFDict && obj.get(PDFName.of('Type')) === PDFName.of('Font')) {
      const base = obj.get(PDFName.of('BaseFont'));
      if (base instanceof PDFName) fonts.push(base.decodeText());
      const map = obj.lookup(PDFName.of('ToUnicode'));
      if (map instanceof PDFRawStream) {
        const text = Buffer.from(decodePDFRawStream(map).decode()).toString('latin1');
        // `<glyph> <UTF-16BE>` pairs (and ranges) between beginbfchar/endbfchar.
        for (const m of text.matchAll(/<[0-9A-Fa-f]+>\s*<([0-9A-Fa-f]+)>/g)) {
          const hex = m[1]!;
          const units = hex.match(/.{4}/g)!.map((u) => parseInt(u, 16));
          for (const ch of String.fromCharCode(...units)) unicode.add(ch.codePointAt(0)!);
        }
      }
    }
  }
  return { title: doc.getTitle(), pages: doc.getPageCount(), fonts, has: (text: string) => [...text].every((ch) => unicode.has(ch.codePointAt(0)!)) };
}
