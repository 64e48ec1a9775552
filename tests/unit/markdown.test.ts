import { describe, expect, it } from 'vitest';
import { isSafeUrl, markdownToText, parseInline, parseMarkdown, type Block, type Inline } from '../../src/shared/markdown';

/*
 * Announcement content is Markdown-style text rendered as a tree of React elements, never as HTML,
 * so no markup can run. These tests pin the subset and, above all, that nothing unsafe can become
 * an element.
 */
const text = (t: string): Inline => ({ type: 'text', text: t });
const link = (href: string, children: Inline[] = [text(href)]): Inline => ({ type: 'link', href, children });

/** Every inline node in a tree, depth first. */
function inlines(blocks: Block[]): Inline[] {
  const walk = (nodes: Inline[]): Inline[] => nodes.flatMap((n) => (n.type === 'text' ? [n] : [n, ...walk(n.children)]));
  return blocks.flatMap((b) => (b.type === 'paragraph' ? b.lines : b.items).flatMap(walk));
}

describe('parseMarkdown: blocks', () => {
  it('splits paragraphs at blank lines and keeps single line breaks as separate lines of one paragraph', () => {
    expect(parseMarkdown('Hello\nworld\n\n  Second para  ')).toEqual([
      { type: 'paragraph', lines: [[text('Hello')], [text('world')]] },
      { type: 'paragraph', lines: [[text('Second para')]] },
    ]);
  });

  it('treats Windows and old Mac line endings like \\n', () => {
    expect(parseMarkdown('a\r\nb\rc')).toEqual([{ type: 'paragraph', lines: [[text('a')], [text('b')], [text('c')]] }]);
  });

  it('gives no blocks for empty or blank input', () => {
    expect(parseMarkdown('')).toEqual([]);
    expect(parseMarkdown('\n   \n\t\n')).toEqual([]);
  });

  it('reads -, * and + bullets as one unordered list', () => {
    expect(parseMarkdown('- one\n* two\n+ three')).toEqual([{ type: 'list', ordered: false, items: [[text('one')], [text('two')], [text('three')]] }]);
  });

  it('reads "1." and "2)" items as an ordered list, and a following line starts a paragraph', () => {
    expect(parseMarkdown('1. first\n2) second\nafter the list')).toEqual([
      { type: 'list', ordered: true, items: [[text('first')], [text('second')]] },
      { type: 'paragraph', lines: [[text('after the list')]] },
    ]);
  });

  it('starts a new list when bullets switch to numbers, and ends a paragraph before a list', () => {
    expect(parseMarkdown('Agenda:\n- drums\n1. dance')).toEqual([
      { type: 'paragraph', lines: [[text('Agenda:')]] },
      { type: 'list', ordered: false, items: [[text('drums')]] },
      { type: 'list', ordered: true, items: [[text('dance')]] },
    ]);
  });

  it('does not read "-word" or "2026." without a following space as list items', () => {
    expect(parseMarkdown('-5 degrees\n2026.')).toEqual([{ type: 'paragraph', lines: [[text('-5 degrees')], [text('2026.')]] }]);
  });

  it('parses inline markup inside list items', () => {
    expect(parseMarkdown('- **Saturday** at [the hall](https://example.org/hall)')).toEqual([
      {
        type: 'list',
        ordered: false,
        items: [[{ type: 'strong', children: [text('Saturday')] }, text(' at '), link('https://example.org/hall', [text('the hall')])]],
      },
    ]);
  });
});

describe('parseInline: emphasis and links', () => {
  it('reads **bold**, __bold__, *italic* and _italic_', () => {
    expect(parseInline('**a** *b* __c__ _d_')).toEqual([
      { type: 'strong', children: [text('a')] },
      text(' '),
      { type: 'em', children: [text('b')] },
      text(' '),
      { type: 'strong', children: [text('c')] },
      text(' '),
      { type: 'em', children: [text('d')] },
    ]);
  });

  it('leaves an unclosed marker as text', () => {
    expect(parseInline('bring **drums and _flags')).toEqual([text('bring **drums and _flags')]);
  });

  it('reads [text](https://…) as a link whose text is the label', () => {
    expect(parseInline('Read [the minutes](https://example.org/minutes?id=3) now')).toEqual([
      text('Read '),
      link('https://example.org/minutes?id=3', [text('the minutes')]),
      text(' now'),
    ]);
  });

  it('allows http: and mailto: link targets', () => {
    expect(parseInline('[site](http://example.org)')).toEqual([link('http://example.org', [text('site')])]);
    expect(parseInline('[write](mailto:chair@example.org)')).toEqual([link('mailto:chair@example.org', [text('write')])]);
  });

  it('parses bold nested inside link text', () => {
    expect(parseInline('[**Read** more](https://example.org/x)')).toEqual([
      link('https://example.org/x', [{ type: 'strong', children: [text('Read')] }, text(' more')]),
    ]);
  });

  it('turns bare https links into links, leaving trailing punctuation and brackets outside', () => {
    expect(parseInline('See https://example.org/a?b=1. Or (https://x.org/y), ok!')).toEqual([
      text('See '),
      link('https://example.org/a?b=1'),
      text('. Or ('),
      link('https://x.org/y'),
      text('), ok!'),
    ]);
    for (const tail of [',', ';', ':', '!', '?', "'", '"']) {
      expect(parseInline(`go to https://example.org/page${tail}`)).toEqual([text('go to '), link('https://example.org/page'), text(tail)]);
    }
  });

  it('does not link a bare address without a scheme', () => {
    expect(parseInline('visit example.org or www.example.org')).toEqual([text('visit example.org or www.example.org')]);
  });
});

describe('parseInline and parseMarkdown: nothing unsafe becomes an element', () => {
  it.each([
    ['javascript:', '[click](javascript:alert(1))'],
    ['JavaScript: in mixed case', '[click](JaVaScRiPt:alert(1))'],
    ['data:', '[click](data:text/html;base64,PHNjcmlwdD4=)'],
    ['vbscript:', '[click](vbscript:msgbox(1))'],
    ['a relative path', '[click](/admin)'],
    ['a protocol-relative URL', '[click](//evil.example)'],
    ['a quote that could break out of an attribute', '[click](https://ok.org/"onmouseover=alert(1))'],
  ])('keeps a %s link target as plain text', (_label, source) => {
    const nodes = parseInline(source);
    expect(nodes.every((n) => n.type === 'text')).toBe(true);
    expect(nodes.map((n) => (n.type === 'text' ? n.text : '')).join('')).toBe(source);
  });

  it.each([
    ['<script>alert(1)</script>'],
    ['<img src=x onerror="alert(1)">'],
    ['<a href="javascript:alert(1)">x</a>'],
    ['<iframe src=//evil.example></iframe>'],
    ['javascript:alert(document.cookie)'],
  ])('keeps raw HTML or script %s as a text node with the exact characters', (source) => {
    expect(parseMarkdown(source)).toEqual([{ type: 'paragraph', lines: [[text(source)]] }]);
  });

  it('links an https address inside a tag, but the tag itself stays text', () => {
    expect(parseInline('<iframe src="https://evil.example"></iframe>')).toEqual([
      text('<iframe src="'),
      link('https://evil.example'),
      text('"></iframe>'),
    ]);
  });

  it('only ever produces text, strong, em and link nodes, and every link href is safe', () => {
    const source = [
      '**<b>bold</b>** *<i onclick=x>em</i>* [<img src=x onerror=alert(1)>](https://example.org)',
      '- [x](javascript:void(0)) https://example.org/<script>',
      '1. <svg onload=alert(1)> _[y](data:,z)_',
    ].join('\n');
    const nodes = inlines(parseMarkdown(source));
    expect(nodes.length).toBeGreaterThan(5);
    expect(new Set(nodes.map((n) => n.type))).toEqual(new Set(['text', 'strong', 'em', 'link']));
    for (const n of nodes) if (n.type === 'link') expect(isSafeUrl(n.href), n.href).toBe(true);
    expect(nodes.filter((n) => n.type === 'link').map((n) => n.type === 'link' && n.href)).toEqual(['https://example.org', 'https://example.org/']);
  });

  it('isSafeUrl accepts http(s) and mailto only, without whitespace or quotes', () => {
    expect(['https://a.org/x', 'http://a.org', 'mailto:a@b.org'].map(isSafeUrl)).toEqual([true, true, true]);
    expect(['javascript:alert(1)', 'data:text/html,x', 'ftp://a.org', 'https://a.org/ x', "https://a.org/'x", 'https://a.org/<x'].map(isSafeUrl)).toEqual(
      [false, false, false, false, false, false],
    );
  });
});

describe('markdownToText', () => {
  it('drops markup, keeps link labels, joins paragraphs and lines with spaces and list items with " · "', () => {
    expect(markdownToText('**Drumming** tonight\nat *eight*\n\n- [hall](https://example.org)\n- yard')).toBe('Drumming tonight at eight hall · yard');
  });

  it('keeps raw HTML as its literal characters (the preview is text too)', () => {
    expect(markdownToText('<script>alert(1)</script>')).toBe('<script>alert(1)</script>');
  });

  it('is empty for empty input', () => {
    expect(markdownToText('')).toBe('');
  });
});
