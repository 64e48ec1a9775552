import { Button, SimpleGrid, Stat } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Receipt, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { DeclarePaymentDialog } from './declare-payment-dialog';
import { PaymentRow } from './payment-row';
import { statementQuery } from './queries';
import { formatAmount } from '../../lib/format';
import type { Books } from './types';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { ListStates } from '../../components/list-states';
import { EmptyNote } from '../../components/empty-state';

/** "My statement": what the viewer paid this year, what waits, every payment they made, and "I paid". */
export function Statement({ communityId, books }: { communityId: number; books: Books }) {
  const { t } = useTranslation();
  const q = useInfiniteQuery(statementQuery(communityId));
  const payments = (q.data?.pages ?? []).flatMap((p) => p.payments.items);
  const c = books.currency;
  return (
    <SectionCard
      id="finance-statement"
      title={t('finances.statement.title')}
      actions={
        <>
          <DeclarePaymentDialog
            communityId={communityId}
            currency={c}
            trigger={
              <Button size="sm" colorPalette="brand">
                <Wallet aria-hidden /> {t('finances.declare.open')}
              </Button>
            }
          />
        </>
      }
      bodyGap="4"
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Stat.Root data-testid="own-paid">
          <Stat.Label>{t('finances.summary.paidThisYear', { year: books.year })}</Stat.Label>
          <Stat.ValueText fontSize="2xl">{formatAmount(books.own.paidThisYear, c)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root data-testid="own-pending">
          <Stat.Label>{t('finances.summary.ownPending')}</Stat.Label>
          <Stat.ValueText fontSize="2xl">{formatAmount(books.own.pending, c)}</Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <ListStates
        query={q}
        loading={t('finances.loading')}
        rows={2}
        rowHeight="12"
        failed={t('finances.statement.loadFailed')}
        retry={t('finances.tryAgain')}
        empty={payments.length === 0 && <EmptyNote icon={<Receipt />}>{t('finances.statement.empty')}</EmptyNote>}
      >
        <RuledList>
          {payments.map((p) => (
            <PaymentRow key={p.id} payment={p} currency={c} testId="statement-payment" />
          ))}
        </RuledList>
      </ListStates>
      <LoadMore query={q} alignSelf="center" size="sm">
        {t('finances.statement.loadMore')}
      </LoadMore>
    </SectionCard>
  );
}
