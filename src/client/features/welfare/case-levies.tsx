import { Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { toDecimal, type Currency } from '@shared/money';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ListStates } from '../../components/list-states';
import { LoadMore } from '../../components/load-more';
import { ActionRow, RowButton, RuledList } from '../../components/rows';
import { SearchBox } from '../../components/search-box';
import { Select } from '../../components/select';
import { SettingSwitch } from '../../components/setting-switch';
import { formatAmount } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { cursorPaging, useCursorList } from '../../lib/use-cursor-list';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { financeSummaryQuery } from '../finances/queries';
import { amountText, MoneyInput } from '../finances/money-input';
import type { CaseLevy, CaseView } from './queries';
import { LevyPending, levyDueText } from './levy-words';

/*
 * The case's levies member by member, for its officers only (members see the totals): found by
 * name, the unpaid ones first shown, each with what is paid and what waits; cash handed over at a
 * meeting is recorded against a member's levy here and waits, like any recorded payment, for
 * another officer to confirm it in the books.
 */

const WELFARE_KEYS = [trpc.welfare.pathKey(), trpc.finances.pathKey(), trpc.standing.pathKey()];

export function CaseLevies({ k, currency }: { k: CaseView; currency: Currency }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [unpaid, setUnpaid] = useState(true);
  const { query: q, items } = useCursorList(trpc.welfare.caseLevies.infiniteQueryOptions({ id: k.id, search: search || undefined, unpaid, limit: 20 }, cursorPaging));
  return (
    <Stack gap="3" data-testid="case-levies" borderTopWidth="1px" pt="3" mt="2">
      <Stack gap="1">
        <Text as="h3" fontWeight="semibold">
          {t('welfare.collect.title')}
        </Text>
        <Text fontSize="sm" color="fg.muted">
          {t('welfare.collect.intro')}
        </Text>
      </Stack>
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'center' }}>
        <SearchBox
          typed={typed}
          onType={(text) => {
            setTyped(text);
            if (!text) setSearch('');
          }}
          onSearch={setSearch}
          label={t('welfare.collect.search')}
          placeholder={t('welfare.collect.searchPlaceholder')}
          clearLabel={t('welfare.collect.clear')}
          testId="case-levies-search"
        />
        <SettingSwitch label={t('welfare.collect.unpaidOnly')} checked={unpaid} onChange={setUnpaid} flexShrink={0} />
      </Stack>
      <ListStates
        query={q}
        loading={t('welfare.loading')}
        failed={t('welfare.loadFailed')}
        retry={t('welfare.tryAgain')}
        rows={2}
        empty={items.length === 0 && <Text color="fg.muted">{t(unpaid ? 'welfare.collect.allPaid' : 'welfare.collect.none')}</Text>}
      >
        <RuledList>
          {items.map((l) => (
            <ActionRow
              key={l.id}
              testId="case-levy"
              actions={
                l.outstanding - l.pending > 0 && (
                  <RecordCashDialog
                    levy={l}
                    k={k}
                    currency={currency}
                    trigger={
                      <RowButton label={t('welfare.collect.recordCashFor', { name: l.member })}>{t('welfare.collect.recordCash')}</RowButton>
                    }
                  />
                )
              }
            >
              <Text fontWeight="medium">{l.member}</Text>
              <Text fontSize="sm" color={l.status === 'overdue' ? 'fg.error' : 'fg.muted'}>
                {l.status === 'paid' ? levyDueText(t, l) : `${t('welfare.levies.outstanding', { amount: formatAmount(l.outstanding, currency) })} · ${levyDueText(t, l)}`}
              </Text>
              <LevyPending levy={l} currency={currency} />
            </ActionRow>
          ))}
        </RuledList>
        <LoadMore query={q} alignSelf="start" />
      </ListStates>
    </Stack>
  );
}

const RecordCashDialog = formDialog(RecordCashForm, (t, { levy }) => t('welfare.collect.cashTitle', { name: levy.member }), { base: 'full', md: 'md' });

const cashForm = (currency: Currency) =>
  z.object({
    accountId: z.coerce.number({ message: 'validation.finance.accountId' }).int('validation.finance.accountId').positive('validation.finance.accountId'),
    amount: amountText(currency),
    reference: z.string().trim().max(80, 'validation.finance.referenceLong'),
  });

type CashFormProps = { levy: CaseLevy; k: CaseView; currency: Currency; onDone: () => void };

/** The form once the books' accounts are known: its first choice is set from them, never from an empty list. */
function RecordCashForm(props: CashFormProps) {
  const { t } = useTranslation();
  const books = useQuery(financeSummaryQuery(props.k.communityId));
  if (books.isPending) return <Skeleton height="40" aria-label={t('welfare.loading')} />;
  return <RecordCashFields {...props} accounts={books.data?.opened ? (books.data.accounts ?? []) : []} />;
}

function RecordCashFields({ levy, currency, onDone, accounts }: CashFormProps & { accounts: { id: number; name: string; kind: string }[] }) {
  const { t } = useTranslation();
  const act = useAction(WELFARE_KEYS, { wait: true });
  const record = useMutation(trpc.welfare.recordLevyCash.mutationOptions());
  // The cash box first: cash taken at a meeting goes there.
  const first = accounts.find((a) => a.kind === 'cash') ?? accounts[0];
  const form = useZodForm(cashForm(currency), { accountId: first ? String(first.id) : '', amount: toDecimal(levy.outstanding - levy.pending, currency), reference: '' });
  const onSubmit = form.submit(t('welfare.collect.invalid'), async (v) => {
    const done = await act(
      () => record.mutateAsync({ id: levy.id, accountId: v.accountId, amount: v.amount, currency, reference: v.reference || null }),
      t('welfare.collect.cashFailed'),
      { title: t('welfare.collect.cashRecorded'), body: t('welfare.collect.cashWaits') },
      form.applyServerError,
    );
    if (done) onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('welfare.collect.cashSubmit')} busy={record.isPending} testId="levy-cash-form">
      <Text>{t('welfare.collect.cashIntro', { name: levy.member, amount: formatAmount(levy.outstanding - levy.pending, currency) })}</Text>
      <FormField name="accountId" label={t('welfare.dialogs.account')} error={form.errors.accountId}>
        <Select {...form.field('accountId')} id="accountId" options={accounts.map((a) => ({ value: String(a.id), label: a.name }))} />
      </FormField>
      <FormField name="amount" label={t('welfare.levies.amount', { currency })} error={form.errors.amount} required>
        <MoneyInput {...form.field('amount')} id="amount" currency={currency} />
      </FormField>
      <FormField name="reference" label={t('welfare.levies.reference')} error={form.errors.reference}>
        <Input {...form.field('reference')} id="reference" maxLength={80} autoComplete="off" />
      </FormField>
    </DialogForm>
  );
}
