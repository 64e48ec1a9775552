import { EmptyState as Chakra } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * What a list or card shows when it has nothing yet: one icon, one sentence (with an optional
 * short title above it) and, where there is one, the action that fills it. The empty lists and
 * cards use it (ListStates' `empty`); a few places say "nothing here" in a line of text instead
 * (a search without results, a filtered sub-list), and the discussions' and polls' tabs keep
 * their larger empty page.
 * `framed` draws a border, for an empty state that stands on the page rather than in a card.
 */
export function EmptyNote({
  icon,
  title,
  titleAs,
  children,
  action,
  framed = false,
  testId,
}: {
  icon: ReactNode;
  title?: string;
  /** The title as a heading of the page's outline ('h2' where the note stands for a page's content, 'h3' in a section). */
  titleAs?: 'h2' | 'h3';
  children?: ReactNode;
  action?: ReactNode;
  framed?: boolean;
  testId?: string;
}) {
  return (
    <Chakra.Root size="sm" {...(framed ? { borderWidth: '1px', rounded: 'lg', bg: 'bg' } : {})} data-testid={testId ?? 'empty-state'}>
      <Chakra.Content>
        <Chakra.Indicator aria-hidden>{icon}</Chakra.Indicator>
        {title && <Chakra.Title as={titleAs}>{title}</Chakra.Title>}
        {children && <Chakra.Description>{children}</Chakra.Description>}
        {action}
      </Chakra.Content>
    </Chakra.Root>
  );
}
