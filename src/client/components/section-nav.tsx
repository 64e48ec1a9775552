import { Box, Button, Stack } from '@chakra-ui/react';
import type { ReactElement, ReactNode } from 'react';
import { useScrollFade } from './scrolling-tab-list';

/*
 * The menu of a page's sections, each section its own address (a link, so it opens in a new tab,
 * is kept by a reload and read as a link by screen readers; the current one says aria-current).
 * On a phone the row scrolls sideways with a fade at the edge that has more, never cutting a
 * label; `side` stands it in a column beside the content from the tablet width.
 */
export function SectionNav({ label, layout = 'top', children, testId }: { label: string; layout?: 'top' | 'side'; children: ReactNode; testId?: string }) {
  const fade = useScrollFade<HTMLDivElement>();
  const side = layout === 'side';
  return (
    <Box as="nav" aria-label={label} w={side ? { base: 'full', md: '56' } : 'full'} flexShrink={0} data-testid={testId}>
      <Stack ref={fade.ref} css={fade.css} direction={side ? { base: 'row', md: 'column' } : 'row'} gap="1" overflowX="auto" scrollbarWidth="thin" pb="1">
        {children}
      </Stack>
    </Box>
  );
}

/** One entry of a SectionNav: its router link as the child (it gets the button's look and aria-current). */
export function SectionNavLink({ current, children }: { current: boolean; children: ReactElement }) {
  return (
    <Button
      asChild
      variant={current ? 'subtle' : 'ghost'}
      colorPalette={current ? 'brand' : 'gray'}
      justifyContent="flex-start"
      // Whole labels on a phone: the row scrolls sideways instead of cutting them.
      flexShrink={0}
      size="sm"
      aria-current={current ? 'page' : undefined}
    >
      {children}
    </Button>
  );
}
