import { SimpleGrid } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Receipt } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../components/load-more';
import { DeclareButton, OwnTotals } from './own-money';
import { PaymentRow } from './payment-row';
import { statementQuery } from './queries';
import type { Books } from './types';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { EmptyNote } from '../../components/empty-state';
import { BooksStates } from './books-states';
import { HowToPay } from '../collecting/how-to-pay';

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
        <DeclareButton communityId={communityId} books={books} label={t('finances.declare.open')} />
      }
      bodyGap="4"
    >
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <OwnTotals books={books} testId="own" />
      </SimpleGrid>
      <HowToPay communityId={communityId} />
      <BooksStates query={q} rows={2} rowHeight="12" failed={t('finances.statement.loadFailed')} empty={payments.length === 0 && <EmptyNote icon={<Receipt />}>{t('finances.statement.empty')}</EmptyNote>}>
        <RuledList>
          {payments.map((p) => (
            <PaymentRow key={p.id} payment={p} currency={c} testId="statement-payment" />
          ))}
        </RuledList>
      </BooksStates>
      <LoadMore query={q} alignSelf="center" size="sm">
        {t('finances.statement.loadMore')}
      </LoadMore>
    </SectionCard>
  );
}
