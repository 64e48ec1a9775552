import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Banknote, Check, FilePlus, Pencil, ReceiptText, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { LoadMore } from '../../components/load-more';
import { formatDate, formatAmount } from '../../lib/format';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { AccountChoiceForm, FinanceReasonDialog } from './dialog-forms';
import { ExpenseDialog } from './expense-dialog';
import { ProofLink } from './proof-picker';
import { expensesQuery, type ExpenseFilter } from './queries';
import { useBooksAction } from './use-books-action';
import { STATUS_COLOR, EXPENSE_STATUS_KEY, accountName, categoryName } from './labels';
import type { Books, Expense } from './types';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { EmptyNote } from '../../components/empty-state';
import { FilterActions } from '../../components/filter-actions';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { BooksStates } from './books-states';

const FILTERS = ['pending', 'approved', 'paid', 'rejected'] as const;

/**
 * Expenses for officers: submit one, change one until it is paid (which makes the changer one of
 * its authors), approve, reject or pay one they are not an author of (the buttons are not offered
 * to its authors, and the server refuses them anyway).
 */
export function Expenses(props: { communityId: number; books: Books; canApprove: boolean }) {
  const { communityId, books, canApprove } = props;
  const { t } = useTranslation();
  const me = useSignedInUser();
  const [filter, setFilter] = useState<ExpenseFilter>(undefined);
  const { query: q, items } = useCursorList(expensesQuery(communityId, filter));
  const approve = useMutation(trpc.finances.approveExpense.mutationOptions());
  const reject = useMutation(trpc.finances.rejectExpense.mutationOptions());
  const pay = useMutation(trpc.finances.payExpense.mutationOptions());
  const c = books.currency;
  const categories = new Map(books.categories.map((x) => [x.id, x]));
  const accounts = new Map((books.accounts ?? []).map((a) => [a.id, accountName(t, a)]));

  // A 409 ("holds too little", "decided meanwhile") or a refusal is toasted in the server's words.
  const act = useBooksAction();
  const run = (action: () => Promise<unknown>, success: string, failed: string) => act(action, failed, success);

  const row = (e: Expense) => {
    const author = e.author ?? t('finances.unknownMember');
    const amount = formatAmount(e.amount, c);
    // Whoever submitted it or changed its figures since: four eyes keeps them from deciding on it.
    const mine = e.authors.includes(me.id);
    const mayApprove = canApprove && !mine && e.status === 'pending' && !e.approvers.includes(me.id);
    const mayReject = canApprove && !mine && (e.status === 'pending' || e.status === 'approved');
    const mayPay = !mine && e.status === 'approved';
    // A change sends it back to pending (approvals cleared) and makes the changer an author.
    const mayEdit = e.status === 'pending' || e.status === 'approved';
    const paidFrom = e.paidFrom !== null ? accounts.get(e.paidFrom) : undefined;
    return (
      <Stack as="li" key={e.id} gap="2" py="3" data-testid="expense-row" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold">{e.description}</Text>
            <Text fontWeight="semibold">{amount}</Text>
            <Badge colorPalette={STATUS_COLOR[e.status]}>{t(EXPENSE_STATUS_KEY[e.status])}</Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {[categoryName(t, categories.get(e.categoryId)), t('finances.expenses.by', { name: author }), formatDate(e.createdAt, { style: 'short' })].join(' · ')}
          </Text>
          {e.status === 'pending' && (
            <Text fontSize="sm" color="fg.muted">
              {t('finances.expenses.approvals', { given: e.approvers.length, needed: e.approvalsNeeded })}
            </Text>
          )}
          {e.status === 'paid' && paidFrom && (
            <Text fontSize="sm" color="fg.muted">
              {t('finances.expenses.paidFrom', { account: paidFrom })}
            </Text>
          )}
          {e.status === 'rejected' && e.reason && (
            <Text fontSize="sm" color="red.fg">
              {t('finances.statement.reason', { reason: e.reason })}
            </Text>
          )}
          {e.receipts.length > 0 && (
            <Stack as="ul" gap="1" listStyleType="none" aria-label={t('finances.expenses.receiptsOf', { description: e.description })}>
              {e.receipts.map((url, i) => (
                <li key={url}>
                  <ProofLink url={url} label={t('finances.expenses.viewReceipt', { number: i + 1 })} pdfLabel={t('finances.expenses.viewReceiptPdf', { number: i + 1 })} />
                </li>
              ))}
            </Stack>
          )}
          {mine && (e.status === 'pending' || e.status === 'approved') && (
            <Text fontSize="sm" color="fg.muted">
              {t(e.authorId === me.id ? 'finances.expenses.yours' : 'finances.expenses.changedByYou')}
            </Text>
          )}
        </Stack>
        <HStack gap="2" flexShrink={0} flexWrap="wrap">
          {mayEdit && (
            <ExpenseDialog
              communityId={communityId}
              books={books}
              expense={e}
              trigger={<ButtonWithIcon icon={Pencil} variant="outline" aria-label={t('finances.expenses.editLabel', { description: e.description, amount })}>{t('finances.expenses.edit')}</ButtonWithIcon>}
            />
          )}
          {mayApprove && (
            <Button
              size="sm"
              colorPalette="green"
              aria-label={t('finances.expenses.approveLabel', { description: e.description, amount })}
              loading={approve.isPending && approve.variables?.id === e.id}
              onClick={() => void run(() => approve.mutateAsync({ id: e.id }), t('finances.expenses.approved'), t('finances.expenses.approveFailed'))}
            >
              <Check aria-hidden /> {t('finances.expenses.approve')}
            </Button>
          )}
          {mayReject && (
            <FinanceReasonDialog
              title={t('finances.expenses.rejectTitle')}
              trigger={<ButtonWithIcon icon={X} variant="outline" colorPalette="red" aria-label={t('finances.expenses.rejectLabel', { description: e.description, amount })}>{t('finances.expenses.reject')}</ButtonWithIcon>}
              intro={t('finances.expenses.rejectBody', { description: e.description, amount, name: author })}
              helper={t('finances.expenses.reasonHelp')}
              submitLabel={t('finances.expenses.rejectSubmit')}
              onSubmit={(reason) => run(() => reject.mutateAsync({ id: e.id, reason }), t('finances.expenses.rejected'), t('finances.expenses.rejectFailed'))}
            />
          )}
          {mayPay && (
            <FormDialog
              title={t('finances.expenses.payTitle')}
              trigger={<ButtonWithIcon icon={Banknote} colorPalette="brand" aria-label={t('finances.expenses.payLabel', { description: e.description, amount })}>{t('finances.expenses.pay')}</ButtonWithIcon>}
            >
              {(close) => (
                <AccountChoiceForm
                  books={books}
                  intro={t('finances.expenses.payBody', { description: e.description, amount })}
                  submitLabel={t('finances.expenses.paySubmit')}
                  preferredKind="cash"
                  spends={e.amount}
                  busy={pay.isPending}
                  onDone={close}
                  onSubmit={(accountId) => run(() => pay.mutateAsync({ id: e.id, accountId }), t('finances.expenses.paid'), t('finances.expenses.payFailed'))}
                />
              )}
            </FormDialog>
          )}
        </HStack>
      </Stack>
    );
  };

  return (
    <SectionCard
      id="finance-expenses"
      title={t('finances.expenses.title')}
      actions={
        <FilterActions
          label={t('finances.expenses.filter')}
          value={filter ?? ''}
          onChange={(ev) => setFilter((ev.target.value || undefined) as ExpenseFilter)}
          placeholder={t('finances.expenses.all')}
          options={FILTERS.map((f) => ({ value: f, label: t(EXPENSE_STATUS_KEY[f]) }))}
        >
          <ExpenseDialog
            communityId={communityId}
            books={books}
            trigger={<ButtonWithIcon icon={FilePlus} variant="outline">{t('finances.expenses.submitOpen')}</ButtonWithIcon>}
          />
        </FilterActions>
      }
      bodyGap="3"
    >
      <BooksStates query={q} rows={2} rowHeight="14" failed={t('finances.expenses.loadFailed')} empty={items.length === 0 && <EmptyNote icon={<ReceiptText />}>{filter ? t('finances.expenses.emptyFiltered') : t('finances.expenses.empty')}</EmptyNote>}>
        <RuledList>{items.map(row)}</RuledList>
      </BooksStates>
      <LoadMore query={q} alignSelf="center" size="sm" />
    </SectionCard>
  );
}
