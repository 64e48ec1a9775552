/**
 * A small Markdown subset for announcements: paragraphs, line breaks, bullet and numbered
 * lists, **bold**, *italic*, [links](https://…) and bare https:// links. It produces a tree,
 * never HTML, so the client renders it with React elements and no markup can execute.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };
export type Block = { type: 'paragraph'; lines: Inline[][] } | { type: 'list'; ordered: boolean; items: Inline[][] };

const SAFE_URL = /^(https?:\/\/|mailto:)[^\s<>"']+$/i;
export const isSafeUrl = (url: string) => SAFE_URL.test(url);

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,4}[.)]\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', lines: paragraph.map(parseInline) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    list = null;
  };
  for (const line of lines) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = !!numbered;
      if (paragraph.length || (list && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (!line.trim()) {
      flush();
    } else {
      if (list) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks;
}

// Order matters: links first, then bold before italic.
const TOKEN = /\[([^\]\n]+)\]\(([^)\s]+)\)|\*\*([^*\n]+)\*\*|__([^_\n]+)__|\*([^*\n]+)\*|_([^_\n]+)_|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = TOKEN.exec(rest);
    if (!m) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ type: 'text', text: rest.slice(0, m.index) });
    const [whole, linkText, linkHref, strong1, strong2, em1, em2, bare] = m;
    if (linkText !== undefined && linkHref !== undefined) {
      // An unsafe target (javascript:, data:…) stays as plain text.
      out.push(isSafeUrl(linkHref) ? { type: 'link', href: linkHref, children: parseInline(linkText) } : { type: 'text', text: whole });
    } else if (strong1 ?? strong2) out.push({ type: 'strong', children: parseInline((strong1 ?? strong2)!) });
    else if (em1 ?? em2) out.push({ type: 'em', children: parseInline((em1 ?? em2)!) });
    else if (bare) out.push({ type: 'link', href: bare, children: [{ type: 'text', text: bare }] });
    rest = rest.slice(m.index + whole.length);
  }
  return out;
}

/** Plain text of the source without markup, for previews. */
export function markdownToText(source: string): string {
  const inline = (nodes: Inline[]): string => nodes.map((n) => (n.type === 'text' ? n.text : inline(n.children))).join('');
  return parseMarkdown(source)
    .map((b) => (b.type === 'paragraph' ? b.lines.map(inline).join(' ') : b.items.map(inline).join(' · ')))
    .join(' ');
}

/**
 * The text as a plain-text document (calendar files, where Markdown marks would show as typed):
 * paragraphs and their lines kept, list items on their own lines ("- " or "1. "), a link as its
 * words followed by its address unless the words are the address.
 */
export function markdownToPlainText(source: string): string {
  const inline = (nodes: Inline[]): string =>
    nodes
      .map((n) => {
        if (n.type === 'text') return n.text;
        const words = inline(n.children);
        return n.type === 'link' && words !== n.href ? `${words} (${n.href})` : words;
      })
      .join('');
  return parseMarkdown(source)
    .map((b) => (b.type === 'paragraph' ? b.lines.map(inline).join('\n') : b.items.map((item, i) => `${b.ordered ? `${i + 1}.` : '-'} ${inline(item)}`).join('\n')))
    .join('\n\n');
}
