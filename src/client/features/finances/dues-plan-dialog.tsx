import { Box, Checkbox, Input, NativeSelect, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { Currency } from '@shared/money';
import { duesPlanInput } from '@shared/schemas/finances';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { LoadMore } from '../../components/load-more';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { memberName, useMembers } from './members';
import { amountText, MoneyInput } from './money-input';
import { DUES_PERIODS, DUES_PERIOD_KEY } from './labels';
import { inputDay } from '../../lib/format';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';
import { BackdatedPlanWarning } from './backdated-plan-warning';
import { useBooksAction } from './use-books-action';

const WHO = ['all', 'chosen'] as const;

/** The procedure's own rules, with the amount as typed and "all members or chosen ones". */
const planForm = (currency: Currency) =>
  duesPlanInput
    .omit({ communityId: true, amount: true, currency: true, memberIds: true })
    .extend({ amount: amountText(currency), who: z.enum(WHO), memberIds: z.array(z.string()) })
    .superRefine((v, ctx) => {
      if (v.who === 'chosen' && v.memberIds.length === 0) ctx.addIssue({ code: 'custom', path: ['memberIds'], message: 'finances.plans.chooseAtLeastOne' });
    });

/** "New dues plan": what members owe, how often, from when, and who pays. */
export const DuesPlanDialog = formDialog(PlanForm, (t) => t('finances.plans.newTitle'), { base: 'full', md: 'lg' });

function PlanForm({ communityId, currency, onDone }: { communityId: number; currency: Currency; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useBooksAction();
  const form = useZodForm(planForm(currency), {
    name: '',
    amount: '',
    period: 'monthly',
    dueDay: '5',
    graceDays: '7',
    startsOn: inputDay(new Date()),
    who: 'all',
    memberIds: [] as string[],
  });
  const create = useMutation(trpc.finances.createDuesPlan.mutationOptions());
  const once = form.values.period === 'once';

  const onSubmit = form.submit(t('finances.form.invalid'), async (data) => {
    const { who, memberIds, ...plan } = data;
    if (await act(() => create.mutateAsync({ communityId, ...plan, currency, memberIds: who === 'chosen' ? memberIds : undefined }), t('finances.plans.failed'), { title: t('finances.plans.created'), body: t('finances.plans.createdBody') }, form.applyServerError)) onDone();
  });

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('finances.plans.submit')} busy={create.isPending} busyLabel={t('finances.form.saving')}>
      <FormField name="name" label={t('finances.plans.name')} error={form.errors.name} helper={t('finances.plans.nameHelp')} required>
        <Input {...form.field('name')} maxLength={80} autoComplete="off" />
      </FormField>
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <FormField name="amount" label={t('finances.plans.amount')} error={form.errors.amount} required>
          <MoneyInput currency={currency} {...form.field('amount')} />
        </FormField>
        <FormField name="period" label={t('finances.plans.period')} error={form.errors.period}>
          <Select {...form.field('period')} options={DUES_PERIODS.map((p) => ({ value: p, label: t(DUES_PERIOD_KEY[p]) }))} />
        </FormField>
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, sm: once ? 1 : 3 }} gap="4">
        <FormField name="startsOn" label={once ? t('finances.plans.dueOn') : t('finances.plans.startsOn')} error={form.errors.startsOn} required>
          <Input type="date" {...form.field('startsOn')} />
        </FormField>
        {!once && (
          <>
            <FormField name="dueDay" label={t('finances.plans.dueDay')} error={form.errors.dueDay} required>
              <Input type="number" inputMode="numeric" min={1} max={28} step={1} {...form.field('dueDay')} />
            </FormField>
            <FormField name="graceDays" label={t('finances.plans.graceDays')} error={form.errors.graceDays}>
              <Input type="number" inputMode="numeric" min={0} max={90} step={1} {...form.field('graceDays')} />
            </FormField>
          </>
        )}
      </SimpleGrid>
      {!once && (
        <Text fontSize="sm" color="fg.muted">
          {t(form.values.period === 'quarterly' ? 'finances.plans.dueDayHelpQuarterly' : form.values.period === 'yearly' ? 'finances.plans.dueDayHelpYearly' : 'finances.plans.dueDayHelp')}{' '}
          {t('finances.plans.graceDaysHelp')}
        </Text>
      )}
      <FormField name="who" label={t('finances.plans.who')} error={form.errors.who}>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.field('who')}>
            <option value="all">{t('finances.plans.allMembers')}</option>
            <option value="chosen">{t('finances.plans.chosenMembers')}</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {form.values.who === 'chosen' && <MemberChoice communityId={communityId} chosen={form.values.memberIds} error={form.errors.memberIds} onChange={(ids) => form.setValue('memberIds', ids)} />}
      <BackdatedPlanWarning communityId={communityId} currency={currency} values={form.values} />
    </DialogForm>
  );
}

/**
 * The members who pay under the plan: one checkbox each, a hundred at a time. A plain fieldset, not
 * a Field: a Field's context would give every checkbox the same ids.
 */
function MemberChoice(props: { communityId: number; chosen: string[]; error?: string; onChange: (ids: string[]) => void }) {
  const { t } = useTranslation();
  const { query, members } = useMembers(props.communityId);
  const chosen = new Set(props.chosen);
  const toggle = (id: string, on: boolean) => props.onChange(on ? [...props.chosen, id] : props.chosen.filter((x) => x !== id));
  return (
    <chakra.fieldset id="memberIds" tabIndex={-1} border="0" p="0" m="0" minW="0" aria-describedby="memberIds-note" aria-invalid={props.error ? true : undefined}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="2">
        {t('finances.plans.chooseMembers')}
      </chakra.legend>
      <Box maxH="60" overflowY="auto" borderWidth="1px" borderColor={props.error ? 'border.error' : undefined} rounded="md" p="3" w="full">
        {query.isPending ? (
          <Text color="fg.muted" fontSize="sm">
            {t('common.loading')}
          </Text>
        ) : (
          <Stack gap="2">
            {members.map((m) => (
              <Checkbox.Root key={m.userId} checked={chosen.has(m.userId)} onCheckedChange={(e) => toggle(m.userId, e.checked === true)} size="sm">
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>{memberName(m)}</Checkbox.Label>
              </Checkbox.Root>
            ))}
            <LoadMore query={query} size="xs" alignSelf="flex-start">
              {t('finances.plans.moreMembers')}
            </LoadMore>
          </Stack>
        )}
      </Box>
      <Text id="memberIds-note" fontSize="sm" mt="1.5" color={props.error ? 'fg.error' : 'fg.muted'}>
        {props.error ?? t('finances.plans.chosenCount', { count: props.chosen.length })}
      </Text>
    </chakra.fieldset>
  );
}
