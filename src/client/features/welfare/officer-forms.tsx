import { Button, Dialog, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { parseAmount, type Currency } from '@shared/money';
import { DEPENDANT_RELATIONSHIPS, FINANCING, FUND_KINDS, RELATIONSHIPS, type Financing, type FundKind } from '@shared/welfare/rules';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { MoneyInput } from '../finances/money-input';
import { refreshWelfare, type CaseView } from './queries';

/*
 * The officers' forms: a new fund with its rules, and a condolence announcement with the family's
 * consent. The server checks every rule (its messages come back in the toast and under the fields
 * it names); the form only turns typed amounts into minor units.
 */

function Actions({ onCancel, busy, submit }: { onCancel: () => void; busy: boolean; submit: string }) {
  const { t } = useTranslation();
  return (
    <Dialog.Footer>
      <Button variant="outline" onClick={onCancel}>
        {t('welfare.dialogs.cancel')}
      </Button>
      <Button type="submit" colorPalette="brand" loading={busy}>
        {submit}
      </Button>
    </Dialog.Footer>
  );
}

export function CreateFundDialog({ communityId, currency, trigger }: { communityId: number; currency: Currency; trigger: ReactElement }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('welfare.fundForm.createTitle')} trigger={trigger} size={{ base: 'full', md: 'lg' }}>
      {(close) => <CreateFundForm communityId={communityId} currency={currency} onDone={close} />}
    </FormDialog>
  );
}

function CreateFundForm({ communityId, currency, onDone }: { communityId: number; currency: Currency; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const create = useMutation(trpc.welfare.createFund.mutationOptions());
  const [name, setName] = useState('');
  const [kind, setKind] = useState<FundKind>('bereavement');
  const [financing, setFinancing] = useState<Financing>('levy');
  const [benefits, setBenefits] = useState<Record<string, string>>({});
  const [limits, setLimits] = useState<Record<string, string>>({ spouse: '1', child: '6', parent: '2', parentInLaw: '2', sibling: '0' });
  const [days, setDays] = useState({ dependantWaitingDays: '90', levyDueDays: '14', graceDays: '7' });
  const [levy, setLevy] = useState('');
  const amount = (text: string | undefined) => (text?.trim() ? (parseAmount(text, currency) ?? Number.NaN) : undefined);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const rules = {
      benefits: Object.fromEntries(RELATIONSHIPS.map((r) => [r, amount(benefits[r])]).filter(([, v]) => v !== undefined)),
      limits: Object.fromEntries(DEPENDANT_RELATIONSHIPS.map((r) => [r, Number(limits[r] ?? 0)])),
      dependantWaitingDays: Number(days.dependantWaitingDays),
      levyDueDays: Number(days.levyDueDays),
      graceDays: Number(days.graceDays),
      ...(financing === 'levy' ? { levyAmount: amount(levy) } : financing === 'monthly' ? { monthlyAmount: amount(levy) } : {}),
    };
    try {
      await create.mutateAsync({ communityId, name, kind, financing, currency, rules });
      notify.success(t('welfare.fundForm.created'));
      await refreshWelfare(queryClient);
      onDone();
    } catch (error) {
      const info = errorInfo(error);
      notify.error(t('welfare.loadFailed'), [info.message, ...info.issues.map((i) => i.message)].filter(Boolean).join(' '));
    }
  }

  const select = (id: string, value: string, onChange: (v: string) => void, options: readonly string[], key: (o: string) => MessageKey) => (
    <NativeSelect.Root>
      <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o} value={o}>
            {t(key(o))}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const number = (id: keyof typeof days) => <Input id={id} inputMode="numeric" value={days[id]} onChange={(e) => setDays({ ...days, [id]: e.target.value })} />;

  return (
    <form onSubmit={onSubmit} noValidate data-testid="create-fund-form">
      <Dialog.Body>
        <Stack gap="4">
          <FormField name="name" label={t('welfare.fundForm.name')} required>
            <Input id="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={80} />
          </FormField>
          <FormField name="kind" label={t('welfare.fundForm.kind')}>
            {select('kind', kind, (v) => setKind(v as FundKind), FUND_KINDS, (o) => `welfare.kinds.${o}` as MessageKey)}
          </FormField>
          <FormField name="financing" label={t('welfare.fundForm.financing')}>
            {select('financing', financing, (v) => setFinancing(v as Financing), FINANCING, (o) => `welfare.financing.${o}` as MessageKey)}
          </FormField>
          {financing !== 'general' && (
            <FormField name="levyAmount" label={t(financing === 'levy' ? 'welfare.fundForm.levyAmount' : 'welfare.fundForm.monthlyAmount', { currency })} required>
              <MoneyInput id="levyAmount" currency={currency} value={levy} onChange={(e) => setLevy(e.target.value)} />
            </FormField>
          )}
          <Stack gap="2">
            <Text fontWeight="medium">{t('welfare.fundForm.benefits', { currency })}</Text>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
              {RELATIONSHIPS.map((r) => (
                <FormField key={r} name={`benefit-${r}`} label={t(`welfare.relationships.${r}` as MessageKey)}>
                  <MoneyInput id={`benefit-${r}`} currency={currency} value={benefits[r] ?? ''} onChange={(e) => setBenefits({ ...benefits, [r]: e.target.value })} />
                </FormField>
              ))}
            </SimpleGrid>
          </Stack>
          <Stack gap="2">
            <Text fontWeight="medium">{t('welfare.fundForm.limits')}</Text>
            <SimpleGrid columns={{ base: 2, sm: 3 }} gap="3">
              {DEPENDANT_RELATIONSHIPS.map((r) => (
                <FormField key={r} name={`limit-${r}`} label={t(`welfare.relationships.${r}` as MessageKey)}>
                  <Input id={`limit-${r}`} inputMode="numeric" value={limits[r] ?? ''} onChange={(e) => setLimits({ ...limits, [r]: e.target.value })} />
                </FormField>
              ))}
            </SimpleGrid>
          </Stack>
          <FormField name="dependantWaitingDays" label={t('welfare.fundForm.waitingDays')}>
            {number('dependantWaitingDays')}
          </FormField>
          <FormField name="levyDueDays" label={t('welfare.fundForm.levyDueDays')}>
            {number('levyDueDays')}
          </FormField>
          <FormField name="graceDays" label={t('welfare.fundForm.graceDays')}>
            {number('graceDays')}
          </FormField>
        </Stack>
      </Dialog.Body>
      <Actions onCancel={onDone} busy={create.isPending} submit={t('welfare.fundForm.submit')} />
    </form>
  );
}

/** A condolence announcement, once per case, with who in the family agreed noted on the case. */
export function CondolenceDialog({ k, trigger }: { k: CaseView; trigger: ReactElement }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('welfare.dialogs.condolenceTitle')} trigger={trigger} size={{ base: 'full', md: 'md' }}>
      {(close) => <CondolenceForm k={k} onDone={close} />}
    </FormDialog>
  );
}

function CondolenceForm({ k, onDone }: { k: CaseView; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const post = useMutation(trpc.welfare.condolence.mutationOptions());
  const [consent, setConsent] = useState('');
  const [title, setTitle] = useState(t('welfare.dialogs.condolenceDefaultTitle'));
  const [message, setMessage] = useState('');
  return (
    <form
      data-testid="condolence-form"
      onSubmit={async (e) => {
        e.preventDefault();
        try {
          await post.mutateAsync({ id: k.id, consent, title, message });
          notify.success(t('welfare.case.condolencePosted'));
          await refreshWelfare(queryClient);
          onDone();
        } catch (error) {
          notify.error(t('welfare.loadFailed'), errorInfo(error).message);
        }
      }}
    >
      <Dialog.Body>
        <Stack gap="4">
          <FormField name="consent" label={t('welfare.dialogs.consent')} required>
            <Input id="consent" value={consent} onChange={(e) => setConsent(e.target.value)} maxLength={200} />
          </FormField>
          <FormField name="title" label={t('welfare.dialogs.announcementTitle')} required>
            <Input id="title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={200} />
          </FormField>
          <FormField name="message" label={t('welfare.dialogs.message')} required>
            <Textarea id="message" value={message} onChange={(e) => setMessage(e.target.value)} maxLength={5000} rows={4} />
          </FormField>
        </Stack>
      </Dialog.Body>
      <Actions onCancel={onDone} busy={post.isPending} submit={t('welfare.dialogs.submit')} />
    </form>
  );
}
