import { Badge, HStack, Stack, Text, Textarea, Input } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Landmark, Pencil } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { instructionsInput } from '@shared/schemas/collecting';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { DialogForm } from '../../components/dialog-form';
import { EmptyNote } from '../../components/empty-state';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { BooksStates } from '../finances/books-states';
import { ACCOUNT_KIND_KEY, accountName, PROVIDERS } from '../finances/labels';
import type { Books } from '../finances/types';
import { COLLECTING_KEYS, instructionsQuery } from './queries';
import type { AccountInstructions } from './types';

/**
 * The books' settings: how members pay into each account (its number, the name it is held in, bank
 * details, a USSD code, an app link, a note). Only those who keep the books' structure
 * (finances.manage) see it; the server checks again.
 */
export function InstructionsEditor({ communityId, books }: { communityId: number; books: Books }) {
  const { t } = useTranslation();
  const q = useQuery(instructionsQuery(communityId));
  const accounts = books.accounts ?? [];
  const byAccount = new Map((q.data?.accounts ?? []).map((a) => [a.accountId, a]));
  return (
    <SectionCard id="pay-instructions" title={t('collecting.instructions.title')} intro={t('collecting.instructions.intro')} bodyGap="3" maxW="2xl">
      <BooksStates query={q} rows={2} rowHeight="12" failed={t('collecting.instructions.loadFailed')} empty={accounts.length === 0 && <EmptyNote icon={<Landmark />}>{t('collecting.instructions.noAccounts')}</EmptyNote>}>
        <RuledList>
          {accounts.map((a) => {
            const current = byAccount.get(a.id);
            const name = accountName(t, a);
            return (
              <HStack as="li" key={a.id} justify="space-between" gap="3" py="3" flexWrap="wrap" data-testid="instructions-account">
                <Stack gap="0" minW="0">
                  <HStack gap="2" flexWrap="wrap">
                    <Text fontWeight="medium">{name}</Text>
                    <Badge size="sm">{t(ACCOUNT_KIND_KEY[a.kind])}</Badge>
                  </HStack>
                  <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
                    {current ? [current.provider, current.number, current.holderName, current.ussd].filter(Boolean).join(' · ') || t('collecting.instructions.set') : t('collecting.instructions.none')}
                  </Text>
                </Stack>
                <InstructionsDialog
                  communityId={communityId}
                  accountId={a.id}
                  account={name}
                  current={current}
                  trigger={
                    <ButtonWithIcon icon={Pencil} variant="outline" aria-label={t('collecting.instructions.editLabel', { account: name })}>
                      {t('collecting.instructions.edit')}
                    </ButtonWithIcon>
                  }
                />
              </HStack>
            );
          })}
        </RuledList>
      </BooksStates>
    </SectionCard>
  );
}

const instructionsForm = instructionsInput.omit({ communityId: true, accountId: true });

const InstructionsDialog = formDialog(InstructionsForm, (t, props) => t('collecting.instructions.dialogTitle', { account: props.account }), { base: 'full', md: 'md' });

/** `account`: the account's name, for the dialog's title. */
function InstructionsForm({ communityId, accountId, current, onDone }: { communityId: number; accountId: number; account: string; current: AccountInstructions | undefined; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useAction(COLLECTING_KEYS, { wait: true });
  const save = useMutation(trpc.collecting.setInstructions.mutationOptions());
  const form = useZodForm(instructionsForm, {
    provider: current?.provider ?? '',
    number: current?.number ?? '',
    accountName: current?.holderName ?? '',
    bankDetails: current?.bankDetails ?? '',
    ussd: current?.ussd ?? '',
    appLink: current?.appLink ?? '',
    note: current?.note ?? '',
  });
  const text = (name: 'provider' | 'number' | 'accountName' | 'ussd' | 'appLink') => ({ ...form.field(name), value: form.values[name] ?? '' });
  const onSubmit = form.submit(t('collecting.form.invalid'), async (data) => {
    if (await act(() => save.mutateAsync({ communityId, accountId, ...data }), t('collecting.instructions.failed'), t('collecting.instructions.saved'), form.applyServerError)) onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('collecting.instructions.submit')} busy={save.isPending} busyLabel={t('collecting.form.saving')}>
      <Text fontSize="sm" color="fg.muted">
        {t('collecting.instructions.emptyRemoves')}
      </Text>
      <FormField name="provider" label={t('collecting.instructions.provider')} error={form.errors.provider} helper={t('collecting.instructions.providerHelp')}>
        <Input {...text('provider')} list="instruction-providers" maxLength={40} autoComplete="off" />
        <datalist id="instruction-providers">
          {PROVIDERS.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
      </FormField>
      <FormField name="number" label={t('collecting.instructions.number')} error={form.errors.number} helper={t('collecting.instructions.numberHelp')}>
        <Input {...text('number')} maxLength={40} autoComplete="off" />
      </FormField>
      <FormField name="accountName" label={t('collecting.instructions.holder')} error={form.errors.accountName} helper={t('collecting.instructions.holderHelp')}>
        <Input {...text('accountName')} maxLength={80} autoComplete="off" />
      </FormField>
      <FormField name="bankDetails" label={t('collecting.instructions.bank')} error={form.errors.bankDetails} helper={t('collecting.instructions.bankHelp')}>
        <Textarea {...form.field('bankDetails')} value={form.values.bankDetails ?? ''} rows={3} maxLength={500} />
      </FormField>
      <FormField name="ussd" label={t('collecting.instructions.ussd')} error={form.errors.ussd} helper={t('collecting.instructions.ussdHelp')}>
        <Input {...text('ussd')} maxLength={60} autoComplete="off" inputMode="tel" />
      </FormField>
      <FormField name="appLink" label={t('collecting.instructions.appLink')} error={form.errors.appLink} helper={t('collecting.instructions.appLinkHelp')}>
        <Input {...text('appLink')} maxLength={300} autoComplete="off" inputMode="url" />
      </FormField>
      <FormField name="note" label={t('collecting.instructions.note')} error={form.errors.note} helper={t('collecting.instructions.noteHelp')}>
        <Textarea {...form.field('note')} value={form.values.note ?? ''} rows={2} maxLength={300} />
      </FormField>
    </DialogForm>
  );
}
