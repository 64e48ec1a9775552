import { inflateSync } from 'node:zlib';

/*
 * WOFF 1.0 (W3C Recommendation, 2012) to the plain TrueType/OpenType file it wraps. The font
 * package ships WOFF only; fontkit reads WOFF but inflates its tables in JavaScript on every
 * parse, and pdf-lib parses a font once per document, which made each receipt take most of a
 * second. Converted once per process with Node's own zlib, the same font embeds in milliseconds.
 * The tables are the original ones, byte for byte (each WOFF table holds its sfnt checksum).
 */

const WOFF = 0x774f4646; // 'wOFF'

export function woffToSfnt(woff: Uint8Array): Uint8Array {
  const src = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength);
  if (src.readUInt32BE(0) !== WOFF) throw new Error('not a WOFF file');
  const flavor = src.readUInt32BE(4);
  const numTables = src.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const at = 44 + i * 20;
    const offset = src.readUInt32BE(at + 4);
    const compLength = src.readUInt32BE(at + 8);
    const origLength = src.readUInt32BE(at + 12);
    const raw = src.subarray(offset, offset + compLength);
    const data = compLength < origLength ? inflateSync(raw) : raw;
    if (data.length !== origLength) throw new Error('a WOFF table does not inflate to its stated length');
    return { tag: src.readUInt32BE(at), checksum: src.readUInt32BE(at + 16), data };
  }).sort((a, b) => a.tag - b.tag);

  const pad = (n: number) => (n + 3) & ~3;
  const headerSize = 12 + numTables * 16;
  const out = Buffer.alloc(headerSize + tables.reduce((sum, t) => sum + pad(t.data.length), 0));
  const maxPower = 2 ** Math.floor(Math.log2(numTables));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  out.writeUInt16BE(maxPower * 16, 6); // searchRange
  out.writeUInt16BE(Math.log2(maxPower), 8); // entrySelector
  out.writeUInt16BE(numTables * 16 - maxPower * 16, 10); // rangeShift
  let offset = headerSize;
  tables.forEach((t, i) => {
    const rec = 12 + i * 16;
    out.writeUInt32BE(t.tag, rec);
    out.writeUInt32BE(t.checksum, rec + 4);
    out.writeUInt32BE(offset, rec + 8);
    out.writeUInt32BE(t.data.length, rec + 12);
    t.data.copy(out, offset);
    offset += pad(t.data.length);
  });
  return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
}
