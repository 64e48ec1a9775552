import { Box, Link, List, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../../../shared/markdown';
import { mentionsToMarkdown } from '../discussions/mentions';

/*
 * A message's text: the safe Markdown subset as React elements (nothing in it runs as HTML),
 * mentions shown as bold "@Name". Links open in a new tab and tell search engines nothing: chat
 * is members' talk, not something the site vouches for.
 */

function inline(nodes: Inline[]): ReactNode {
  return nodes.map((n, i) => {
    if (n.type === 'text') return <Fragment key={i}>{n.text}</Fragment>;
    if (n.type === 'strong') return <strong key={i}>{inline(n.children)}</strong>;
    if (n.type === 'em') return <em key={i}>{inline(n.children)}</em>;
    return (
      <Link key={i} href={n.href} target="_blank" rel="noopener noreferrer nofollow" color="brand.fg" textDecoration="underline" wordBreak="break-all">
        {inline(n.children)}
      </Link>
    );
  });
}

export function MessageBody({ body }: { body: string }) {
  return (
    <Box display="flex" flexDirection="column" gap="1" overflowWrap="anywhere" data-testid="message-body">
      {parseMarkdown(mentionsToMarkdown(body)).map((b, i) =>
        b.type === 'paragraph' ? (
          <Text key={i} whiteSpace="pre-wrap">
            {b.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {inline(line)}
              </Fragment>
            ))}
          </Text>
        ) : (
          <List.Root key={i} as={b.ordered ? 'ol' : 'ul'} ps="5">
            {b.items.map((item, j) => (
              <List.Item key={j}>{inline(item)}</List.Item>
            ))}
          </List.Root>
        ),
      )}
    </Box>
  );
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
