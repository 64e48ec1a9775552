import { Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { LoadMore } from '../../components/load-more';
import { Select } from '../../components/select';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { memberName, useMembers } from '../finances/members';
import { PURPOSES, PURPOSE_KEY } from '../finances/labels';
import { COLLECTING_KEYS } from './queries';

const recordForm = z.object({
  memberId: z.string().trim().min(1, 'validation.community.chooseMember'),
  purpose: z.enum(PURPOSES, { message: 'validation.finance.purpose' }),
});

/**
 * "Record as a payment": a statement line nobody declared, recorded for the member it came from, as
 * dues or a donation. It waits, like any payment an officer records, for another officer to confirm.
 */
export const RecordLineDialog = formDialog(RecordLineForm, (t) => t('collecting.view.recordTitle'), { base: 'full', md: 'md' });

function RecordLineForm({ communityId, lineId, summary, onDone }: { communityId: number; lineId: number; summary: string; onDone: () => void }) {
  const { t } = useTranslation();
  const members = useMembers(communityId);
  const act = useAction(COLLECTING_KEYS, { wait: true });
  const record = useMutation(trpc.collecting.recordLine.mutationOptions());
  const form = useZodForm(recordForm, { memberId: '', purpose: 'dues' });
  const onSubmit = form.submit(t('collecting.form.invalid'), async (data) => {
    if (await act(() => record.mutateAsync({ id: lineId, ...data }), t('collecting.view.recordFailed'), { title: t('collecting.view.recorded'), body: t('collecting.view.recordedBody') }, form.applyServerError)) onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('collecting.view.recordSubmit')} busy={record.isPending} busyLabel={t('collecting.form.saving')}>
      <Text>{summary}</Text>
      <FormField name="memberId" label={t('collecting.view.member')} error={form.errors.memberId} required>
        <Select {...form.field('memberId')} placeholder={t('collecting.view.chooseMember')} options={members.members.map((m) => ({ value: m.userId, label: memberName(m) }))} />
      </FormField>
      <LoadMore query={members.query} size="xs" alignSelf="flex-start" />
      <FormField name="purpose" label={t('collecting.view.purpose')} error={form.errors.purpose}>
        <Select {...form.field('purpose')} options={PURPOSES.map((p) => ({ value: p, label: t(PURPOSE_KEY[p]) }))} />
      </FormField>
    </DialogForm>
  );
}
