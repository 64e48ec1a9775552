import { Input, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import type { Currency } from '@shared/money';
import { FINANCING, FUND_KINDS, type Financing, type FundKind } from '@shared/welfare/rules';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { Select } from '../../components/select';
import { RulesFields, useRulesDraft } from './fund-rules-fields';
import { type CaseView, type Fund } from './queries';
import { useWelfareSubmit } from './use-welfare-submit';

/*
 * The officers' forms: a new fund with its rules, new rules for a fund (its next version), and a
 * condolence announcement with the family's consent. The server checks every rule (its messages come back in the toast and under the fields
 * it names); the form only turns typed amounts into minor units.
 */

export const CreateFundDialog = formDialog(CreateFundForm, (t) => t('welfare.fundForm.createTitle'), { base: 'full', md: 'lg' });

/** The toast for a refusal: the server's message and each of its issues (the rules' fields have no single place). */
const refusal = (error: unknown) => {
  const info = errorInfo(error);
  return [info.message, ...info.issues.map((i) => i.message)].filter(Boolean).join(' ');
};

function CreateFundForm({ communityId, currency, onDone }: { communityId: number; currency: Currency; onDone: () => void }) {
  const { t } = useTranslation();
  const create = useMutation(trpc.welfare.createFund.mutationOptions());
  const [name, setName] = useState('');
  const [kind, setKind] = useState<FundKind>('bereavement');
  const [financing, setFinancing] = useState<Financing>('levy');
  const { draft, setDraft, rules } = useRulesDraft(currency);

  const submit = useWelfareSubmit(refusal);
  const onSubmit = submit(() => create.mutateAsync({ communityId, name, kind, financing, currency, rules: rules(financing) }), t('welfare.fundForm.created'), onDone);

  const options = (values: readonly string[], key: (o: string) => MessageKey) => values.map((o) => ({ value: o, label: t(key(o)) }));
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('welfare.fundForm.submit')} busy={create.isPending} testId="create-fund-form">
      <FormField name="name" label={t('welfare.fundForm.name')} required>
        <Input id="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
      </FormField>
      <FormField name="kind" label={t('welfare.fundForm.kind')}>
        <Select id="kind" value={kind} onChange={(e) => setKind(e.target.value as FundKind)} options={options(FUND_KINDS, (o) => `welfare.kinds.${o}` as MessageKey)} />
      </FormField>
      <FormField name="financing" label={t('welfare.fundForm.financing')}>
        <Select id="financing" value={financing} onChange={(e) => setFinancing(e.target.value as Financing)} options={options(FINANCING, (o) => `welfare.financing.${o}` as MessageKey)} />
      </FormField>
      <RulesFields draft={draft} setDraft={setDraft} financing={financing} currency={currency} />
    </DialogForm>
  );
}

/** New rules for a fund: its next version, in force for cases opened from now on (open cases keep theirs). */
export const ChangeRulesDialog = formDialog(ChangeRulesForm, (t, { fund }) => t('welfare.fundForm.rulesTitle', { name: fund.name }), { base: 'full', md: 'lg' });

function ChangeRulesForm({ fund, currency, onDone }: { fund: Fund; currency: Currency; onDone: () => void }) {
  const { t } = useTranslation();
  const change = useMutation(trpc.welfare.changeRules.mutationOptions());
  const { draft, setDraft, rules } = useRulesDraft(currency, fund.rules);
  const submit = useWelfareSubmit(refusal);
  const onSubmit = submit(
    () => change.mutateAsync({ id: fund.id, currency, rules: rules(fund.financing) }),
    (saved) => [t('welfare.fundForm.rulesSaved'), t('welfare.funds.version', { version: saved.version })],
    onDone,
  );
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('welfare.fundForm.saveRules')} busy={change.isPending} testId="fund-rules-form">
      <Text>{t('welfare.fundForm.rulesIntro')}</Text>
      <Text fontSize="sm" color="fg.muted">
        {t(`welfare.financing.${fund.financing}` as MessageKey)}
      </Text>
      <RulesFields draft={draft} setDraft={setDraft} financing={fund.financing} currency={currency} />
    </DialogForm>
  );
}

/** A condolence announcement, once per case, with who in the family agreed noted on the case. */
export const CondolenceDialog = formDialog(CondolenceForm, (t) => t('welfare.dialogs.condolenceTitle'), { base: 'full', md: 'md' });

function CondolenceForm({ k, onDone }: { k: CaseView; onDone: () => void }) {
  const { t } = useTranslation();
  const post = useMutation(trpc.welfare.condolence.mutationOptions());
  const submit = useWelfareSubmit();
  const [consent, setConsent] = useState('');
  const [title, setTitle] = useState(t('welfare.dialogs.condolenceDefaultTitle'));
  const [message, setMessage] = useState('');
  return (
    <DialogForm
      testId="condolence-form"
      onSubmit={submit(() => post.mutateAsync({ id: k.id, consent, title, message }), t('welfare.case.condolencePosted'), onDone)}
      onCancel={onDone}
      submitLabel={t('welfare.dialogs.submit')}
      busy={post.isPending}
      cancelLabel={t('welfare.dialogs.cancel')}
      browserChecks
    >
      <FormField name="consent" label={t('welfare.dialogs.consent')} required>
        <Input id="consent" value={consent} onChange={(e) => setConsent(e.target.value)} maxLength={200} />
      </FormField>
      <FormField name="title" label={t('welfare.dialogs.announcementTitle')} required>
        <Input id="title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
      </FormField>
      <FormField name="message" label={t('welfare.dialogs.message')} required>
        <Textarea id="message" value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} rows={4} />
      </FormField>
    </DialogForm>
  );
}
