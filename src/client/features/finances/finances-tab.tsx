import { Alert, Button, HStack, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ImportLink } from '../imports/import-link';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import type { FinanceSection } from '@shared/finances/sections';
import { SectionNav, SectionNavLink } from '../../components/section-nav';
import { errorInfo } from '../../lib/errors';
import type { Community } from '../communities/membership';
import { BooksNotOpened, BooksSettings } from './books-setup';
import { BudgetCard } from './budget';
import { CashFlowChart } from './cash-flow-chart';
import { CategoryChart } from './category-chart';
import { MyDues } from './dues';
import { DuesPlans } from './dues-plans';
import { DuesRoll } from './dues-roll';
import { Expenses } from './expenses';
import { Ledger } from './ledger';
import { MyStatus } from './my-status';
import { PaymentsQueue } from './payments-queue';
import { financeSummaryQuery } from './queries';
import { FinanceSectionLink } from './section-link';
import { SECTION_LABEL, sectionsFor } from './sections';
import { TRANSPARENCY_SEE_KEY } from './labels';
import type { Books } from './types';
import { Statement } from './statement';
import { SummaryCards } from './summary-cards';
import { InstructionsEditor } from '../collecting/instructions-editor';
import { ReferencesCard } from '../collecting/references-card';
import { StatementsCard } from '../collecting/statements-card';

/**
 * The community's Finances tab: a workspace of sections, each with its own address
 * (?section=payments…; sections.ts says who has which). Every member has the Overview (their own
 * status and "Pay dues" first), their payments and their dues; what else they see (totals, budget,
 * ledger) follows the community's transparency. Officers (finances.record) also get the queue, the
 * account statements and the members' payment references (features/collecting), the expenses, the
 * dues roll and the whole ledger; managers (finances.manage) the settings (with how members pay into
 * each account), dues plans and budget. The server checks every call again.
 */
export function FinancesTab({ community: c, section }: { community: Community; section?: FinanceSection }) {
  const { t } = useTranslation();
  const q = useQuery(financeSummaryQuery(c.id));
  if (q.isPending) {
    return (
      <Stack gap="4" role="status" aria-busy="true" aria-label={t('finances.loading')}>
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
  return <OpenBooks community={c} books={q.data} section={section ?? 'overview'} />;
}

function OpenBooks({ community: c, books, section: asked }: { community: Community; books: Books; section: FinanceSection }) {
  const { t } = useTranslation();
  const officer = can(c.role, 'finances.record');
  const manager = can(c.role, 'finances.manage');
  const sections = sectionsFor(c.role, books);
  // A section this viewer does not have (an old link, a role that changed) opens the Overview.
  const section = sections.includes(asked) ? asked : 'overview';
  return (
    <Stack gap="5" data-testid="finances" data-section={section}>
      <HStack gap="2" flexWrap="wrap" color="fg.muted" fontSize="sm">
        <Text>{t('finances.kept', { currency: books.currency, transparency: t(TRANSPARENCY_SEE_KEY[books.transparency]) })}</Text>
        {can(c.role, 'finances.import') && <ImportLink communityId={c.id} kind="ledger" />}
      </HStack>
      <SectionNav label={t('finances.sections.nav')} testId="finance-sections">
        {sections.map((s) => (
          <SectionNavLink key={s} current={s === section}>
            <FinanceSectionLink communityId={c.id} section={s}>
              {t(SECTION_LABEL[s])}
            </FinanceSectionLink>
          </SectionNavLink>
        ))}
      </SectionNav>
      {section === 'overview' && (
        <>
          <MyStatus communityId={c.id} books={books} />
          <SummaryCards books={books} communityId={c.id} canManage={manager} />
          {!books.byCategory && (
            <Text color="fg.muted" fontSize="sm">
              {t('finances.ownOnly')}
            </Text>
          )}
          <CashFlowChart communityId={c.id} />
          <CategoryChart books={books} />
        </>
      )}
      {section === 'payments' && (
        <>
          {officer && <PaymentsQueue communityId={c.id} books={books} />}
          {officer && <StatementsCard communityId={c.id} books={books} />}
          <Statement communityId={c.id} books={books} />
          {officer && <ReferencesCard communityId={c.id} />}
        </>
      )}
      {section === 'expenses' && <Expenses communityId={c.id} books={books} canApprove={can(c.role, 'finances.approve')} />}
      {section === 'dues' && (
        <>
          <MyDues communityId={c.id} />
          {officer && <DuesRoll communityId={c.id} />}
          <DuesPlans communityId={c.id} books={books} canManage={manager} />
        </>
      )}
      {section === 'budget' && <BudgetCard communityId={c.id} books={books} canManage={manager} />}
      {section === 'ledger' && <Ledger communityId={c.id} books={books} canReverse={officer} />}
      {section === 'settings' && (
        <>
          <BooksSettings
            communityId={c.id}
            current={{ currency: books.currency, transparency: books.transparency, secondApprovalAbove: books.secondApprovalAbove, currencyLocked: books.currencyLocked }}
          />
          <InstructionsEditor communityId={c.id} books={books} />
        </>
      )}
    </Stack>
  );
}
