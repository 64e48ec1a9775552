import { Box, Card, chakra, HStack, Stack, Text } from '@chakra-ui/react';
import { ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

/** One figure of a community's Overview; `onOpen` when a tab shows more of it. */
export type QuickStat = { label: string; value: ReactNode; onOpen?: () => void; testId?: string };

const rowStyle = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', w: 'full', py: '2.5', minH: '10' } as const;

/**
 * The Overview's Quick Stats: label at the card's left edge (in line with its heading), the
 * figure at the right. A row that opens a tab is one button and ends in a chevron; a row with
 * nowhere to go has no chevron and does not look pressable.
 */
export function QuickStats({ title, rows }: { title: string; rows: QuickStat[] }) {
  return (
    <Card.Root flex="1">
      <Card.Header>
        <Card.Title as="h2">{title}</Card.Title>
      </Card.Header>
      <Card.Body pt="2">
        <Stack as="ul" listStyleType="none" gap="0" separator={<Box as="li" aria-hidden borderTopWidth="1px" />}>
          {rows.map((r) => {
            const content = (
              <>
                <Text as="span">{r.label}</Text>
                <HStack as="span" gap="1" color="fg.muted" fontWeight="semibold">
                  <span>{r.value}</span>
                  {r.onOpen && <ChevronRight size={16} aria-hidden />}
                </HStack>
              </>
            );
            return (
              <li key={r.label} data-testid={r.testId}>
                {r.onOpen ? (
                  <chakra.button
                    type="button"
                    onClick={r.onOpen}
                    {...rowStyle}
                    textAlign="start"
                    cursor="pointer"
                    rounded="sm"
                    _hover={{ color: 'brand.fg' }}
                    focusRing="outside"
                  >
                    {content}
                  </chakra.button>
                ) : (
                  <Box {...rowStyle}>{content}</Box>
                )}
              </li>
            );
          })}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
