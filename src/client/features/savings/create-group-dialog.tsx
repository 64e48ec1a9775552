import { Input, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ZoneSelect } from '../../components/zone-select';
import { viewerTimeZone } from '../../lib/format';
import { trpc } from '../../trpc';
import { financeSummaryQuery } from '../finances/queries';
import { RulesFields, useRulesDraft } from './rules-fields';
import { useSavingsAction } from './use-savings-action';

/** A new savings group: its name, the zone its meetings keep, and its rules (the first cycle's, copied when it opens), in the books' currency. */
export const CreateGroupDialog = formDialog(CreateGroupForm, (t) => t('savings.create.title'), { base: 'full', md: 'lg' });

function CreateGroupForm({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const books = useQuery(financeSummaryQuery(communityId)).data;
  const currency = (books?.opened ? books.currency : 'XAF') as Currency;
  const [name, setName] = useState('');
  const [timeZone, setTimeZone] = useState(viewerTimeZone);
  const { draft, setDraft, rules } = useRulesDraft(currency);
  const create = useMutation(trpc.savings.createGroup.mutationOptions());
  const act = useSavingsAction();
  const navigate = useNavigate();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    let id = 0;
    const done = await act(async () => (id = (await create.mutateAsync({ communityId, name, timeZone, rules: rules() })).id), t('savings.actionFailed'), t('savings.create.created'));
    if (done) {
      onDone();
      void navigate({ to: '/savings/$id', params: { id: String(id) } });
    }
  }
  if (books && !books.opened) return <Text p="6">{t('savings.create.booksFirst')}</Text>;
  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} onCancel={onDone} submitLabel={t('savings.create.submit')} busy={create.isPending} testId="create-group-form">
      <FormField name="name" label={t('savings.create.name')} required>
        <Input id="name" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" maxLength={80} />
      </FormField>
      <FormField name="timeZone" label={t('savings.create.timeZone')}>
        <ZoneSelect value={timeZone} onChange={setTimeZone} />
      </FormField>
      <Text fontSize="sm" color="fg.muted">
        {t('savings.create.currency', { currency })}
      </Text>
      <RulesFields draft={draft} setDraft={setDraft} currency={currency} />
    </DialogForm>
  );
}
