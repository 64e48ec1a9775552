import { Box, Link, List, Text } from '@chakra-ui/react';
import { Fragment, type ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../../shared/markdown';

function inline(nodes: Inline[]): ReactNode {
  return nodes.map((n, i) => {
    if (n.type === 'text') return <Fragment key={i}>{n.text}</Fragment>;
    if (n.type === 'strong') return <strong key={i}>{inline(n.children)}</strong>;
    if (n.type === 'em') return <em key={i}>{inline(n.children)}</em>;
    return (
      <Link key={i} href={n.href} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
        {inline(n.children)}
      </Link>
    );
  });
}

/** Renders announcement text as React elements: nothing in it can run as HTML. */
export function Markdown({ source }: { source: string }) {
  return (
    <Box display="flex" flexDirection="column" gap="3" data-testid="markdown">
      {parseMarkdown(source).map((b, i) =>
        b.type === 'paragraph' ? (
          <Text key={i}>
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
