import { Box, Grid } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export type Definition = { label: string; value: ReactNode; testId?: string };

/**
 * Labelled facts (profile, community details, a user in the admin panel): on a laptop each
 * label sits at the left edge with its value beside it in one shared column, so rows line up
 * instead of zigzagging; on a phone the label goes above its value. One <dl>, one dt and dd per
 * row, so screen readers announce the pairs.
 */
export function DefinitionList({ items, labelWidth = '12rem' }: { items: Definition[]; labelWidth?: string }) {
  return (
    <Grid
      as="dl"
      templateColumns={{ base: 'minmax(0, 1fr)', sm: `${labelWidth} minmax(0, 1fr)` }}
      columnGap="6"
      rowGap={{ base: '0', sm: '3' }}
      alignItems="baseline"
      data-testid="definition-list"
    >
      {items.map(({ label, value, testId }) => (
        <Box key={label} display="contents" data-testid={testId}>
          <Box as="dt" color="fg.muted" fontSize="sm" fontWeight="medium" textAlign="start">
            {label}
          </Box>
          <Box as="dd" textAlign="start" overflowWrap="anywhere" minW="0" mb={{ base: '3', sm: '0' }}>
            {value}
          </Box>
        </Box>
      ))}
    </Grid>
  );
}
