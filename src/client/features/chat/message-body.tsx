import { Markdown } from '../../components/markdown';
import { mentionsToMarkdown } from '../discussions/mentions';

/*
 * A message's text: the safe Markdown subset as React elements (nothing in it runs as HTML),
 * mentions shown as bold "@Name". Links open in a new tab and tell search engines nothing: chat
 * is members' talk, not something the site vouches for.
 */
export function MessageBody({ body }: { body: string }) {
  return <Markdown source={mentionsToMarkdown(body)} compact testId="message-body" />;
}

/** A file size the way people say it: "820 kB", "3.4 MB". */
export function formatBytes(bytes: number, locale: string): string {
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, 'megabyte'] : bytes >= 1_000 ? [bytes / 1_000, 'kilobyte'] : [bytes, 'byte'];
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}
