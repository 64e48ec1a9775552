import { describe, expect, it } from 'vitest';
import { sniffFile, sniffText } from '../../src/server/uploads/sniff';
import { exeFile, jpegFile, odfFile, ooxmlFile, pdfFile, pngFile, text, webpFile, zipOf } from '../setup/documents';

/* What a stored file is, from its bytes alone. */

describe('sniffFile', () => {
  it('names each accepted kind by its content', async () => {
    expect(await sniffFile(await pdfFile())).toEqual({ contentType: 'application/pdf' });
    expect(await sniffFile(await pngFile())).toEqual({ contentType: 'image/png' });
    expect(await sniffFile(await jpegFile())).toEqual({ contentType: 'image/jpeg' });
    expect(await sniffFile(await webpFile())).toEqual({ contentType: 'image/webp' });
    expect(await sniffFile(ooxmlFile('docx'))).toEqual({ contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    expect(await sniffFile(ooxmlFile('xlsx'))).toEqual({ contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(await sniffFile(ooxmlFile('pptx'))).toEqual({ contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' });
    expect(await sniffFile(odfFile('odt'))).toEqual({ contentType: 'application/vnd.oasis.opendocument.text' });
    expect(await sniffFile(odfFile('ods'))).toEqual({ contentType: 'application/vnd.oasis.opendocument.spreadsheet' });
    expect(await sniffFile(text('Minutes of the meeting\nÉlections: oui\n'), 'minutes.txt')).toEqual({ contentType: 'text/plain' });
    expect(await sniffFile(text('name,amount\nAmara,5000\n'), 'dues.csv')).toEqual({ contentType: 'text/csv' });
  });

  it('the name never decides: a renamed executable, a plain zip, a GIF are refused whatever they are called', async () => {
    expect(await sniffFile(exeFile(), 'minutes.pdf')).toHaveProperty('refused');
    expect(await sniffFile(zipOf([['notes.txt', 'hello']]), 'report.docx')).toHaveProperty('refused');
    const gif = new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0, 0, 0, 0, 0x3b]);
    expect(await sniffFile(gif, 'photo.png')).toHaveProperty('refused');
  });

  it('text that a browser would render or run is refused, however it is named', async () => {
    for (const s of ['<!DOCTYPE html><p>hi', '<html><body>x</body></html>', '\ufeff  <script>alert(1)</script>', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', '<?xml version="1.0"?><svg/>', 'notes\n<iframe src="x">']) {
      expect(await sniffFile(text(s), 'notes.txt'), s).toEqual({ refused: 'markup' });
    }
  });

  it('text must be valid UTF-8 without NUL bytes', () => {
    expect(sniffText(new Uint8Array([0x68, 0x69, 0xff, 0xfe]))).toEqual({ refused: 'binary' });
    expect(sniffText(text('a\u0000b'))).toEqual({ refused: 'binary' });
    expect(sniffText(text('Budget 2026 — €1,200'))).toEqual({ contentType: 'text/plain' });
  });
});
