import { Card, HStack, Stack, Text, type CardBodyProps, type CardRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { FLAT_ON_PHONE } from './ui/flat-on-phone';

/**
 * A card that is one section of its page (a community tab, a finance card, a part of a circle):
 * a section named by its h2 `title`, with an optional `intro` under the title and `actions`
 * (its buttons) beside them, then `toolbar` (a search, a filter) under both, then the body.
 * Use it for such a card, so tabs and cards line up and read alike (some cards with an unusual
 * header, such as a card whose title is a link or has no h2, still draw their own).
 */
export function SectionCard({
  id,
  title,
  intro,
  actions,
  toolbar,
  children,
  bodyGap,
  bodyProps,
  flatOnPhone,
  testId,
  ...root
}: {
  /** The title's id, which names the section. */
  id?: string;
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  toolbar?: ReactNode;
  children?: ReactNode;
  bodyGap?: CardBodyProps['gap'];
  bodyProps?: CardBodyProps;
  /** No frame on a phone (the section holds cards of its own): components/ui/flat-on-phone.ts. */
  flatOnPhone?: boolean;
  testId?: string;
} & Omit<CardRootProps, 'title' | 'children'>) {
  const heading = (
    <Card.Title as="h2" id={id}>
      {title}
    </Card.Title>
  );
  const named = intro ? (
    // Beside the actions it takes the row's room; alone in the (column) header a basis would be its height.
    <Stack gap="1" minW="0" flex={actions ? '1 1 16rem' : undefined}>
      {heading}
      {typeof intro === 'string' ? (
        <Text color="fg.muted" fontSize="sm">
          {intro}
        </Text>
      ) : (
        intro
      )}
    </Stack>
  ) : (
    heading
  );
  return (
    <Card.Root as="section" aria-labelledby={id} data-testid={testId} {...(flatOnPhone ? FLAT_ON_PHONE.root : {})} {...root}>
      <Card.Header gap="3" {...(flatOnPhone ? FLAT_ON_PHONE.header : {})}>
        {actions ? (
          <HStack justify="space-between" align={intro ? 'flex-start' : 'center'} flexWrap="wrap" gap="3">
            {named}
            {actions}
          </HStack>
        ) : (
          named
        )}
        {toolbar}
      </Card.Header>
      {children !== undefined && (
        <Card.Body gap={bodyGap} {...(flatOnPhone ? FLAT_ON_PHONE.body : {})} {...bodyProps}>
          {children}
        </Card.Body>
      )}
    </Card.Root>
  );
}
