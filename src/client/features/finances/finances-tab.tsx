import { Alert, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ImportLink } from '../imports/import-link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import { errorInfo } from '../../lib/errors';
import type { Community } from '../communities/membership';
import { BooksNotOpened, BooksSettings } from './books-setup';
import { BudgetCard } from './budget';
import { CategoryChart } from './category-chart';
import { MyDues } from './dues';
import { DuesPlans } from './dues-plans';
import { DuesRoll } from './dues-roll';
import { Expenses } from './expenses';
import { Ledger } from './ledger';
import { PaymentsQueue } from './payments-queue';
import { financeSummaryQuery } from './queries';
import { TRANSPARENCY_SEE_KEY } from './labels';
import type { Books } from './types';
import { Statement } from './statement';
import { SummaryCards } from './summary-cards';

/**
 * The community's Finances tab. Every member sees their own dues and statement, declares payments
 * and reads the active dues plans; what else they see (totals, budget, ledger) follows the
 * community's transparency. Officers (finances.record) also get the dues roll, the payments, the
 * expenses and the whole ledger; managers (finances.manage) set dues plans and the budget. The
 * server checks every call again.
 */
export function FinancesTab({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const q = useQuery(financeSummaryQuery(c.id));
  if (q.isPending) {
    return (
      <Stack gap="4" aria-busy="true" aria-label={t('finances.loading')}>
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
          {[1, 2, 3, 4].map((i) => (
            <Skeleton key={i} h="24" rounded="lg" />
          ))}
        </SimpleGrid>
        <Skeleton h="48" rounded="lg" />
      </Stack>
    );
  }
  if (q.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('finances.loadFailed')}</Alert.Title>
          <Alert.Description>{errorInfo(q.error).message}</Alert.Description>
        </Alert.Content>
        <Button size="sm" variant="outline" onClick={() => void q.refetch()} loading={q.isFetching}>
          {t('finances.tryAgain')}
        </Button>
      </Alert.Root>
    );
  }
  if (!q.data.opened) return <BooksNotOpened communityId={c.id} canManage={can(c.role, 'finances.manage')} />;
  return <OpenBooks community={c} books={q.data} />;
}

function OpenBooks({ community: c, books }: { community: Community; books: Books }) {
  const { t } = useTranslation();
  const officer = can(c.role, 'finances.record');
  const manager = can(c.role, 'finances.manage');
  return (
    <Stack gap="6" data-testid="finances">
      <HStack gap="2" flexWrap="wrap" color="fg.muted" fontSize="sm">
        <Text>{t('finances.kept', { currency: books.currency, transparency: t(TRANSPARENCY_SEE_KEY[books.transparency]) })}</Text>
        {can(c.role, 'finances.import') && <ImportLink communityId={c.id} kind="ledger" />}
      </HStack>
      <SummaryCards books={books} communityId={c.id} canManage={manager} />
      {!books.byCategory && (
        <Text color="fg.muted" fontSize="sm">
          {t('finances.ownOnly')}
        </Text>
      )}
      <CategoryChart books={books} />
      <MyDues communityId={c.id} />
      <Statement communityId={c.id} books={books} />
      <DuesPlans communityId={c.id} books={books} canManage={manager} />
      {officer && (
        <>
          <DuesRoll communityId={c.id} />
          <PaymentsQueue communityId={c.id} books={books} />
          <Expenses communityId={c.id} books={books} canApprove={can(c.role, 'finances.approve')} />
        </>
      )}
      <BudgetCard communityId={c.id} books={books} canManage={manager} />
      {books.ledgerVisible && <Ledger communityId={c.id} books={books} canReverse={officer} />}
      {manager && (
        <BooksSettings communityId={c.id} current={{ currency: books.currency, transparency: books.transparency, secondApprovalAbove: books.secondApprovalAbove }} />
      )}
    </Stack>
  );
}
