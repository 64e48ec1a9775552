import { HStack, Link, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../components/section-card';
import { formatAmount } from '../../lib/format';
import { DuesBadge } from './dues-badge';
import { DeclareButton, OwnTotals } from './own-money';
import { myDuesQuery } from './queries';
import { FinanceSectionLink } from './section-link';
import type { Books } from './types';

/**
 * The top of the books for every member: their own dues status, what they owe by now, paid this
 * year and waiting, and "Pay dues" beside them (the first thing a member who is behind looks for),
 * with links to their dues period by period and to their payments and receipts. Only their own.
 */
export function MyStatus({ communityId, books }: { communityId: number; books: Books }) {
  const { t } = useTranslation();
  const dues = useQuery(myDuesQuery(communityId));
  const c = books.currency;
  return (
    <SectionCard
      id="finance-mine"
      title={t('finances.mine.title')}
      testId="my-status"
      actions={
        <HStack gap="3" flexWrap="wrap">
          {dues.data && <DuesBadge status={dues.data.status} size="lg" />}
          <DeclareButton communityId={communityId} books={books} label={t('finances.mine.pay')} />
        </HStack>
      }
      bodyGap="4"
    >
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Stat.Root data-testid="my-outstanding">
          <Stat.Label>{t('finances.mine.outstanding')}</Stat.Label>
          <Stat.ValueText fontSize="2xl" color={dues.data && dues.data.outstanding > 0 ? 'red.fg' : undefined}>
            {dues.data ? formatAmount(dues.data.outstanding, c) : <Skeleton h="8" w="24" aria-label={t('finances.loading')} />}
          </Stat.ValueText>
        </Stat.Root>
        <OwnTotals books={books} testId="my" />
      </SimpleGrid>
      <HStack gap="4" flexWrap="wrap" fontSize="sm">
        <Link asChild color="brand.fg">
          <FinanceSectionLink communityId={communityId} section="dues">
            {t('finances.mine.seeDues')}
          </FinanceSectionLink>
        </Link>
        <Link asChild color="brand.fg">
          <FinanceSectionLink communityId={communityId} section="payments">
            {t('finances.mine.seePayments')}
          </FinanceSectionLink>
        </Link>
      </HStack>
    </SectionCard>
  );
}
