import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, decodePDFRawStream } from 'pdf-lib';

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

/**
 * The text a reader extracts from the app's PDFs, line by line (top to bottom): each `Tj` of a
 * page's content decoded through its font's ToUnicode map, runs on one baseline joined in order.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    const mapOf = (name: string) => {
      if (!maps.has(name)) {
        const font = fonts?.lookup(PDFName.of(name), PDFDict);
        const cmap = font?.lookup(PDFName.of('ToUnicode'));
        const map = new Map<string, string>();
        if (cmap instanceof PDFRawStream) {
          const text = Buffer.from(decodePDFRawStream(cmap).decode()).toString('latin1');
          for (const m of text.matchAll(/<([0-9A-Fa-f]{4})>\s*<([0-9A-Fa-f]+)>/g)) {
            map.set(m[1]!.toUpperCase(), String.fromCharCode(...m[2]!.match(/.{4}/g)!.map((u) => parseInt(u, 16))));
          }
        }
        maps.set(name, map);
      }
      return maps.get(name)!;
    };
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
    const source = streams
      .map((s) => (s instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(s).decode()).toString('latin1') : ''))
      .join('\n');
    const lines = new Map<number, { x: number; text: string }[]>();
    let font = '';
    let x = 0;
    let y = 0;
    for (const m of source.matchAll(/\/(\S+) [\d.]+ Tf|1 0 0 1 ([\d.-]+) ([\d.-]+) Tm|<([0-9A-Fa-f]*)> Tj/g)) {
      if (m[1]) font = m[1];
      else if (m[2]) [x, y] = [Number(m[2]), Number(m[3])];
      else {
        const map = mapOf(font);
        const text = (m[4]!.match(/.{4}/g) ?? []).map((g) => map.get(g.toUpperCase()) ?? '?').join('');
        const line = lines.get(y) ?? [];
        line.push({ x, text });
        lines.set(y, line);
      }
    }
    for (const key of [...lines.keys()].sort((a, b) => b - a)) out.push(lines.get(key)!.sort((a, b) => a.x - b.x).map((r) => r.text).join(''));
  }
  return out.join('\n');
}
