import { Input, Stack, Textarea } from '@chakra-ui/react';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MessageKey } from '@shared/i18n/catalogue';
import { toDecimal, type Currency } from '@shared/money';
import { DEPENDANT_RELATIONSHIPS } from '@shared/welfare/rules';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { useCurrentUser } from '../auth/current-user';
import type { Community } from '../communities/membership';
import { memberSettingsQuery } from '../communities/queries';
import { amountText, MoneyInput } from '../finances/money-input';
import { ProofPicker } from '../finances/proof-picker';
import { METHODS, METHOD_KEY } from '../finances/labels';
import { dependantsQuery, refreshWelfare, type Fund, type Levy } from './queries';
import { isWelfareOfficer } from './case-status';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

/*
 * The welfare tab's forms: paying one's levy (declared, then confirmed by an officer), registering
 * a dependant, and opening a case (a member for themself or their family; an officer for any
 * member), each checked by the same rules as the procedure it calls.
 */

/**
 * A form's submit: checked by its schema, sent, then the welfare queries refreshed and the dialog
 * closed with a toast; a refusal's field errors land under their fields.
 */
function useSubmit<V>(form: { validate: () => { data: V | null; error: string | null }; applyServerError: (e: unknown) => { message: string } }, send: (v: V) => Promise<unknown>, success: string, onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return async (e: React.FormEvent) => {
    e.preventDefault();
    const checked = form.validate();
    if (checked.data === null) return notify.error(t('welfare.loadFailed'), checked.error ?? '');
    try {
      await send(checked.data);
      notify.success(success);
      await refreshWelfare(queryClient);
      onDone();
    } catch (error) {
      notify.error(t('welfare.loadFailed'), form.applyServerError(error).message);
    }
  };
}

const payForm = (currency: Currency) => z.object({ amount: amountText(currency), method: z.enum(METHODS), reference: z.string().trim().max(80, 'validation.finance.referenceLong'), proofUrl: z.string().nullable() });

export const PayLevyDialog = formDialog(PayLevyForm, (t) => t('welfare.levies.payTitle'), { base: 'full', md: 'md' });

function PayLevyForm({ levy, currency, onDone }: { levy: Levy; currency: Currency; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(payForm(currency), { amount: toDecimal(levy.outstanding - levy.pending, currency), method: 'mobile_money', reference: '', proofUrl: null });
  const pay = useMutation(trpc.welfare.payLevy.mutationOptions());
  const onSubmit = useSubmit(
    form,
    (v) => pay.mutateAsync({ id: levy.id, amount: v.amount, currency, method: v.method, provider: v.method === 'mobile_money' ? 'Mobile money' : null, reference: v.reference || null, proofUrl: v.proofUrl }),
    t('welfare.levies.declared'),
    onDone,
  );
  return (
    <DialogForm onSubmit={onSubmit} testId="pay-levy-form" onCancel={onDone} submitLabel={t('welfare.levies.submit')} busy={pay.isPending} cancelLabel={t('welfare.dialogs.cancel')}>
      <FormField name="amount" label={t('welfare.levies.amount', { currency })} error={form.errors.amount} required>
        <MoneyInput currency={currency} {...form.field('amount')} />
      </FormField>
      <FormField name="method" label={t('welfare.levies.method')} error={form.errors.method}>
        <Select id="method" {...form.field('method')} options={METHODS.map((m) => ({ value: m, label: t(METHOD_KEY[m]) }))} />
      </FormField>
      <FormField name="reference" label={t('welfare.levies.reference')} error={form.errors.reference}>
        <Input {...form.field('reference')} maxLength={80} autoComplete="off" />
      </FormField>
      <ProofPicker id="proofUrl" label={t('welfare.levies.proof')} value={form.values.proofUrl} onChange={(url) => form.setValue('proofUrl', url)} testId="levy-proof" />
    </DialogForm>
  );
}

const dependantForm = z.object({
  name: z.string().trim().min(2, 'validation.welfare.dependantName').max(100, 'validation.welfare.dependantName'),
  relationship: z.enum(DEPENDANT_RELATIONSHIPS, { message: 'validation.welfare.relationship' }),
});

export const AddDependantDialog = formDialog(AddDependantForm, (t) => t('welfare.dependants.addTitle'), { base: 'full', md: 'md' });

function AddDependantForm({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useZodForm(dependantForm, { name: '', relationship: 'parent' });
  const add = useMutation(trpc.welfare.addDependant.mutationOptions());
  const onSubmit = useSubmit(form, (v) => add.mutateAsync({ communityId, ...v }), t('welfare.dependants.saved'), onDone);
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('welfare.dependants.add')} busy={add.isPending} cancelLabel={t('welfare.dialogs.cancel')}>
      <FormField name="name" label={t('welfare.dependants.name')} error={form.errors.name} required>
        <Input {...form.field('name')} maxLength={100} autoComplete="off" />
      </FormField>
      <FormField name="relationship" label={t('welfare.dependants.relationship')} error={form.errors.relationship}>
        <Select id="relationship" {...form.field('relationship')} options={DEPENDANT_RELATIONSHIPS.map((r) => ({ value: r, label: t(`welfare.relationships.${r}` as MessageKey) }))} />
      </FormField>
    </DialogForm>
  );
}

export const OpenCaseDialog = formDialog(OpenCaseForm, (t) => t('welfare.openForm.title'), { base: 'full', md: 'md' });

const openForm = z.object({
  fundId: z.string().min(1, 'validation.welfare.fundId'),
  memberId: z.string(),
  subject: z.string(),
  beneficiaryId: z.string(),
  description: z.string().trim().max(2000, 'validation.welfare.descriptionLong'),
  document: z.string().nullable(),
});

/** For whom: the member themself ('member') or one of their dependants (its id). An officer may pick any member. */
function OpenCaseForm({ community: c, funds, onDone }: { community: Community; funds: Fund[]; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const officer = isWelfareOfficer(c);
  const me = useCurrentUser().user?.id ?? '';
  const members = useInfiniteQuery(memberSettingsQuery(c.id));
  const people = (members.data?.pages ?? []).flatMap((p) => p.items);
  const form = useZodForm(openForm, { fundId: String(funds[0]?.id ?? ''), memberId: '', subject: 'member', beneficiaryId: '', description: '', document: null });
  const memberId = form.values.memberId || me;
  const dependants = useQuery(memberId === me ? dependantsQuery(c.id) : trpc.welfare.dependants.queryOptions({ communityId: c.id, userId: memberId }));
  const open = useMutation(trpc.welfare.openCase.mutationOptions());
  const forMember = form.values.subject === 'member';
  const nameOf = (id: string) => {
    const p = people.find((m) => m.userId === id);
    return p ? `${p.user.firstName} ${p.user.lastName}` : '';
  };

  const onSubmit = useSubmit(
    form,
    async (v) => {
      const opened = await open.mutateAsync({
        communityId: c.id,
        fundId: Number(v.fundId),
        memberId: memberId === me ? undefined : memberId,
        dependantId: forMember ? undefined : Number(v.subject),
        beneficiaryId: v.beneficiaryId || undefined,
        description: v.description,
        documents: v.document ? [{ url: v.document, label: '' }] : [],
      });
      void navigate({ to: '/welfare/$id', params: { id: String(opened.id) } });
    },
    t('welfare.openForm.opened'),
    onDone,
  );

  return (
    <DialogForm onSubmit={onSubmit} testId="open-case-form" onCancel={onDone} submitLabel={t('welfare.openForm.submit')} busy={open.isPending} cancelLabel={t('welfare.dialogs.cancel')}>
      <FormField name="fundId" label={t('welfare.openForm.fund')} error={form.errors.fundId}>
        <Select id="fundId" {...form.field('fundId')} options={funds.map((f) => ({ value: f.id, label: f.name }))} />
      </FormField>
      {officer && (
        <FormField name="memberId" label={t('welfare.openForm.member')} error={form.errors.memberId}>
          <Select
            id="memberId"
            name="memberId"
            value={memberId}
            onChange={(e) => {
              form.setValue('memberId', e.target.value);
              form.setValue('subject', 'member');
            }}
            options={people.map((m) => ({ value: m.userId, label: `${m.user.firstName} ${m.user.lastName}` }))}
          />
        </FormField>
      )}
      <FormField name="subject" label={t('welfare.openForm.dependant')} error={form.errors.subject}>
        <Select
          id="subject"
          {...form.field('subject')}
          options={[
            { value: 'member', label: memberId === me ? t('welfare.openForm.myself') : t('welfare.openForm.theMember', { name: nameOf(memberId) }) },
            ...(dependants.data ?? []).map((d) => ({ value: d.id, label: `${d.name} (${t(`welfare.relationships.${d.relationship}` as MessageKey)})` })),
          ]}
        />
      </FormField>
      <FormField name="beneficiaryId" label={t('welfare.openForm.beneficiary')} helper={t('welfare.openForm.beneficiaryHelp')} error={form.errors.beneficiaryId} required={forMember}>
        <Select
          id="beneficiaryId"
          {...form.field('beneficiaryId')}
          placeholder={forMember ? '' : nameOf(memberId) || t('welfare.openForm.myself')}
          options={people.filter((m) => m.userId !== memberId).map((m) => ({ value: m.userId, label: `${m.user.firstName} ${m.user.lastName}` }))}
        />
      </FormField>
      <FormField name="description" label={t('welfare.openForm.description')} error={form.errors.description}>
        <Textarea {...form.field('description')} maxLength={2000} rows={3} />
      </FormField>
      <Stack gap="1">
        <ProofPicker id="document" label={t('welfare.openForm.documents')} value={form.values.document} onChange={(url) => form.setValue('document', url)} testId="case-document" />
      </Stack>
    </DialogForm>
  );
}
