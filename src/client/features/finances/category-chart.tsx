import { Box, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { categoryName } from './labels';
import { formatAmount } from '../../lib/format';
import type { Books } from './types';
import { SectionCard } from '../../components/section-card';

type Bar = { id: number; label: string; amount: number };

/**
 * This year's money in and out by category, as horizontal bars. Each bar is an image whose name
 * says the category and the amount, so a screen reader hears the figures the eye sees.
 */
export function CategoryChart({ books }: { books: Books }) {
  const { t } = useTranslation();
  if (!books.byCategory) return null;
  const byId = new Map(books.categories.map((c) => [c.id, c]));
  const bars = (pick: 'moneyIn' | 'moneyOut'): Bar[] =>
    books
      .byCategory!.filter((r) => r[pick] > 0)
      .map((r) => ({ id: r.categoryId, label: categoryName(t, byId.get(r.categoryId)), amount: r[pick] }))
      .sort((a, b) => b.amount - a.amount);
  const moneyIn = bars('moneyIn');
  const moneyOut = bars('moneyOut');
  // One scale for both sides, so the eye compares what came in with what went out.
  const max = Math.max(1, ...moneyIn.map((b) => b.amount), ...moneyOut.map((b) => b.amount));
  return (
    <SectionCard id="finance-chart" title={t('finances.chart.title', { year: books.year })}>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="8">
        <BarGroup title={t('finances.chart.moneyIn')} empty={t('finances.chart.emptyIn')} bars={moneyIn} max={max} color="green.solid" books={books} testId="chart-in" />
        <BarGroup title={t('finances.chart.moneyOut')} empty={t('finances.chart.emptyOut')} bars={moneyOut} max={max} color="red.solid" books={books} testId="chart-out" />
      </SimpleGrid>
    </SectionCard>
  );
}

function BarGroup(props: { title: string; empty: string; bars: Bar[]; max: number; color: string; books: Books; testId: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Stack as="figure" gap="3" m="0" aria-labelledby={id} data-testid={props.testId}>
      <Text as="figcaption" id={id} fontWeight="semibold">
        {props.title}
      </Text>
      {props.bars.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          {props.empty}
        </Text>
      ) : (
        props.bars.map((b) => {
          const amount = formatAmount(b.amount, props.books.currency);
          return (
            <Box key={b.id} role="img" aria-label={t('finances.chart.bar', { category: b.label, amount })}>
              <HStack justify="space-between" gap="3" fontSize="sm" mb="1">
                <Text truncate>{b.label}</Text>
                <Text fontWeight="medium" flexShrink={0}>
                  {amount}
                </Text>
              </HStack>
              <Box h="2.5" bg="bg.muted" rounded="full" overflow="hidden">
                <Box h="full" bg={props.color} rounded="full" w={`${Math.max(1, (b.amount / props.max) * 100)}%`} />
              </Box>
            </Box>
          );
        })
      )}
    </Stack>
  );
}
