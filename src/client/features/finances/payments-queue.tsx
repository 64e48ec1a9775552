import { HStack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, CircleCheck, HandCoins, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { LoadMore } from '../../components/load-more';
import { notify } from '../../components/toaster';
import { useCursorList } from '../../lib/use-cursor-list';
import { trpc } from '../../trpc';
import { useSignedInUser } from '../auth/current-user';
import { AccountChoiceForm, FinanceReasonDialog } from './dialog-forms';
import { PaymentRow } from './payment-row';
import { paymentsQuery, type PaymentFilter } from './queries';
import { useBooksAction } from './use-books-action';
import { RecordPaymentDialog } from './record-payment-dialog';
import { PAYMENT_STATUS_KEY } from './labels';
import { formatAmount } from '../../lib/format';
import type { Account, Books, Payment } from './types';
import { RuledList } from '../../components/rows';
import { FilterActions } from '../../components/filter-actions';
import { SectionCard } from '../../components/section-card';
import { EmptyNote } from '../../components/empty-state';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { BooksStates } from './books-states';

const KIND_OF_METHOD: Record<Payment['method'], Account['kind'] | undefined> = { cash: 'cash', mobile_money: 'mobile', bank_transfer: 'bank', other: undefined };
const FILTERS = ['pending', 'confirmed', 'rejected', 'reversed'] as const;

/**
 * The officers' payments: first the queue (payments members declared, to confirm into an account or
 * reject with a reason), and by the filter the confirmed ones (with their receipts), the rejected
 * or the reversed ones; and "Record cash".
 */
export function PaymentsQueue({ communityId, books }: { communityId: number; books: Books }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const [filter, setFilter] = useState<PaymentFilter>('pending');
  const { query: q, items } = useCursorList(paymentsQuery(communityId, filter));
  const confirm = useMutation(trpc.finances.confirmPayment.mutationOptions());
  const reject = useMutation(trpc.finances.rejectPayment.mutationOptions());
  const c = books.currency;
  const nameOf = (p: Payment) => p.member ?? t('finances.unknownMember');

  const act = useBooksAction();
  const decide = (run: () => Promise<{ receiptNo: number | null }>, done: (r: { receiptNo: number | null }) => void, failed: string) =>
    act(run, failed, (r) => {
      done(r);
      return null;
    });

  const actions = (p: Payment) => {
    if (p.status !== 'pending') return undefined;
    const name = nameOf(p);
    const amount = formatAmount(p.amount, c);
    // Its authors (the member, whoever recorded it) neither confirm nor reject it; the server refuses it anyway.
    if (p.memberId === me.id || p.recordedBy === me.id) {
      return (
        <Text fontSize="sm" color="fg.muted" flexShrink={0} maxW={{ md: '16rem' }}>
          {t(p.memberId === me.id ? 'finances.queue.yours' : 'finances.queue.recordedByYou')}
        </Text>
      );
    }
    return (
      <HStack gap="2" flexShrink={0}>
        <FormDialog
          title={t('finances.queue.confirmTitle')}
          trigger={<ButtonWithIcon icon={Check} colorPalette="green" aria-label={t('finances.queue.confirmLabel', { name, amount })}>{t('finances.queue.confirm')}</ButtonWithIcon>}
        >
          {(close) => (
            <AccountChoiceForm
              books={books}
              intro={t('finances.queue.confirmBody', { name, amount })}
              submitLabel={t('finances.queue.confirmSubmit')}
              preferredId={p.accountId}
              preferredKind={KIND_OF_METHOD[p.method]}
              busy={confirm.isPending}
              onDone={close}
              onSubmit={(accountId) =>
                decide(
                  () => confirm.mutateAsync({ id: p.id, accountId }),
                  (r) => notify.success(t('finances.queue.confirmed'), t('finances.queue.confirmedBody', { number: r.receiptNo })),
                  t('finances.queue.confirmFailed'),
                )
              }
            />
          )}
        </FormDialog>
        <FinanceReasonDialog
          title={t('finances.queue.rejectTitle')}
          trigger={<ButtonWithIcon icon={X} variant="outline" colorPalette="red" aria-label={t('finances.queue.rejectLabel', { name, amount })}>{t('finances.queue.reject')}</ButtonWithIcon>}
          intro={t('finances.queue.rejectBody', { name, amount })}
          helper={t('finances.queue.reasonHelp')}
          submitLabel={t('finances.queue.rejectSubmit')}
          onSubmit={(reason) =>
            decide(
              () => reject.mutateAsync({ id: p.id, reason }),
              () => notify.success(t('finances.queue.rejected')),
              t('finances.queue.rejectFailed'),
            )
          }
        />
      </HStack>
    );
  };

  return (
    <SectionCard
      id="finance-queue"
      title={t('finances.queue.title')}
      actions={
        <FilterActions
          label={t('finances.queue.filter')}
          value={filter ?? ''}
          onChange={(ev) => setFilter((ev.target.value || undefined) as PaymentFilter)}
          options={FILTERS.map((f) => ({ value: f, label: t(PAYMENT_STATUS_KEY[f]) }))}
          after={[{ value: '', label: t('finances.queue.all') }]}
        >
          <RecordPaymentDialog
            communityId={communityId}
            books={books}
            trigger={<ButtonWithIcon icon={HandCoins} variant="outline">{t('finances.record.open')}</ButtonWithIcon>}
          />
        </FilterActions>
      }
      bodyGap="3"
    >
      <BooksStates query={q} rows={2} rowHeight="14" failed={t('finances.queue.loadFailed')} empty={items.length === 0 && <EmptyNote icon={<CircleCheck />}>{filter === 'pending' ? t('finances.queue.empty') : t('finances.queue.emptyFiltered')}</EmptyNote>}>
        <RuledList>
          {items.map((p) => (
            <PaymentRow key={p.id} payment={p} currency={c} who={nameOf(p)} actions={actions(p)} testId={p.status === 'pending' ? 'pending-payment' : 'officer-payment'} />
          ))}
        </RuledList>
      </BooksStates>
      <LoadMore query={q} alignSelf="center" size="sm" />
    </SectionCard>
  );
}
