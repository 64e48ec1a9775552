import { Box, Link, List, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '@shared/markdown';

type Options = {
  /** The rel of links: members' own words (chat) add nofollow, since the site does not vouch for them. */
  rel: string;
  /** Chat keeps the author's spaces and breaks long words anywhere. */
  compact: boolean;
};

function inline(nodes: Inline[], o: Options): ReactNode {
  return nodes.map((n, i) => {
    if (n.type === 'text') return <Fragment key={i}>{n.text}</Fragment>;
    if (n.type === 'strong') return <strong key={i}>{inline(n.children, o)}</strong>;
    if (n.type === 'em') return <em key={i}>{inline(n.children, o)}</em>;
    return (
      <Link key={i} href={n.href} target="_blank" rel={o.rel} color="brand.fg" textDecoration="underline" wordBreak={o.compact ? 'break-all' : undefined}>
        {inline(n.children, o)}
      </Link>
    );
  });
}

/**
 * The safe Markdown subset (shared/markdown.ts) as React elements: nothing in it can run as HTML.
 * Announcements, events and topics use the defaults; chat messages are `compact`, with nofollow links.
 */
export function Markdown({ source, compact = false, testId = 'markdown' }: { source: string; compact?: boolean; testId?: string }) {
  const o: Options = { rel: compact ? 'noopener noreferrer nofollow' : 'noopener noreferrer', compact };
  return (
    <Box display="flex" flexDirection="column" gap={compact ? '1' : '3'} overflowWrap={compact ? 'anywhere' : undefined} data-testid={testId}>
      {parseMarkdown(source).map((b, i) =>
        b.type === 'paragraph' ? (
          <Text key={i} whiteSpace={compact ? 'pre-wrap' : undefined}>
            {b.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 && <br />}
                {inline(line, o)}
              </Fragment>
            ))}
          </Text>
        ) : (
          <List.Root key={i} as={b.ordered ? 'ol' : 'ul'} ps="5">
            {b.items.map((item, j) => (
              <List.Item key={j}>{inline(item, o)}</List.Item>
            ))}
          </List.Root>
        ),
      )}
    </Box>
  );
}
