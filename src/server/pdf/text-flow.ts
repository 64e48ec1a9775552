import type { Color, PDFDocument, PDFPage } from 'pdf-lib';
import type { UnicodeFace } from './unicode-text';

const A4: [number, number] = [595, 842];

/**
 * Text set down an A4 page from the top margin, onto as many pages as it needs: `say` wraps a
 * paragraph to the text's width; a caller drawing its own lines (a table's row) asks `room` for
 * its height first, draws at `y` on `page`, then moves `y` down.
 */
export class TextFlow {
  page: PDFPage;
  y: number;
  readonly width: number;

  constructor(
    private readonly doc: PDFDocument,
    private readonly faces: { regular: UnicodeFace; bold: UnicodeFace },
    private readonly o: { margin: number; ink: Color; size: number },
  ) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - o.margin;
    this.width = A4[0] - 2 * o.margin;
  }

  /** A new page when `h` no longer fits above the bottom margin. */
  room(h: number) {
    if (this.y - h >= this.o.margin) return;
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - this.o.margin;
  }

  async say(s: string, o: { size?: number; strong?: boolean; color?: Color; gap?: number; indent?: number } = {}) {
    const size = o.size ?? this.o.size;
    const face = o.strong ? this.faces.bold : this.faces.regular;
    const indent = o.indent ?? 0;
    for (const part of face.wrap(s, size, this.width - indent)) {
      this.room(face.lineHeight(size));
      await face.draw(this.page, part, { x: this.o.margin + indent, y: this.y, size, color: o.color ?? this.o.ink });
      this.y -= face.lineHeight(size);
    }
    this.y -= o.gap ?? 6;
  }
}
