import { Alert, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { MAX_GUESTS, RSVP_ANSWERS, RSVP_NOTE_MAX, type RsvpAnswer } from '@shared/events/rules';
import { formDialog } from '../../../components/form-dialog';
import { FormField } from '../../../components/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { trpc } from '../../../trpc';
import type { EventDetail } from '../event-types';
import type { Attendee } from './attendees-card';
import { MemberPicker } from './member-picker';
import { GuestOptions } from './rsvp-panel';
import { answerOf, STATUS_KEY } from './rsvp-status';
import { useEventAction } from './use-event-action';
import { DialogForm } from '../../../components/dialog-form';

const answerForm = z.object({
  userId: z.string().trim().min(1, 'validation.community.chooseMember'),
  status: z.enum(RSVP_ANSWERS, { message: 'validation.events.answer' }),
  guests: z.coerce.number({ message: 'validation.events.guests' }).int('validation.events.guests').min(0, 'validation.events.guests').max(MAX_GUESTS, 'validation.events.guests'),
  note: z.string().trim().max(RSVP_NOTE_MAX, 'validation.events.noteLong'),
});

/** A host records the answer a member gave offline (same places and waitlist as answering oneself). */
export const AddAnswerDialog = formDialog(AnswerForm, (t) => t('event.addAnswer.title'), { base: 'full', sm: 'md' });

function AnswerForm({ event: e, attendees, onDone }: { event: EventDetail; attendees: readonly Attendee[]; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useEventAction();
  const add = useMutation(trpc.events.addRsvp.mutationOptions());
  const form = useZodForm(answerForm, { userId: '', status: 'going', guests: '0', note: '' });
  const existing = attendees.find((a) => a.userId === form.values.userId && a.status !== null);

  function choose(userId: string) {
    form.setValue('userId', userId);
    // Start from what they answered before, so saving changes only what the host changes; afresh for someone who has not answered.
    const before = attendees.find((a) => a.userId === userId && a.status !== null);
    form.setValue('status', before?.status ? answerOf(before.status) : 'going');
    form.setValue('guests', before?.status ? String(before.guests) : '0');
    form.setValue('note', before?.status ? (before.note ?? '') : '');
  }

  const onSubmit = form.submit(t('event.invalid'), async (v) => {
    const ok = await run(
      () => add.mutateAsync({ id: e.id, userId: v.userId, status: v.status, guests: v.status === 'going' ? v.guests : 0, note: v.note || null }),
      t('event.addAnswer.failed'),
      (r) =>
        r.rsvp.status === 'waitlisted'
          ? { type: 'info', title: t('event.addAnswer.doneWaitlisted'), body: t('event.addAnswer.doneWaitlistedBody', { position: r.rsvp.waitlistPosition ?? 1 }) }
          : { title: t('event.addAnswer.done') },
      form.applyServerError,
    );
    if (ok) onDone();
  });

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('event.addAnswer.submit')}
      busy={add.isPending}
      busyLabel={t('event.saving')}
      testId="add-answer-form"
      submitTestId="add-answer-submit"
    >
      <Text>{t('event.addAnswer.intro')}</Text>
      <MemberPicker communityId={e.communityId} name="userId" label={t('event.addAnswer.member')} value={form.values.userId} onChange={choose} error={form.errors.userId} required />
      {existing?.status && (
        <Alert.Root status="info" size="sm">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{t('event.addAnswer.existing', { name: existing.name, status: t(STATUS_KEY[existing.status]) })}</Alert.Title>
        </Alert.Root>
      )}
      <FormField name="status" label={t('event.addAnswer.answer')} error={form.errors.status} required>
        <NativeSelect.Root>
          <NativeSelect.Field {...form.field('status')} data-testid="add-answer-status">
            {RSVP_ANSWERS.map((a: RsvpAnswer) => (
              <option key={a} value={a}>
                {t(STATUS_KEY[a])}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {form.values.status === 'going' && (
        <FormField name="guests" label={t('event.rsvp.guests')} error={form.errors.guests} helper={t('event.addAnswer.guestsHelp', { max: MAX_GUESTS })}>
          <NativeSelect.Root>
            <NativeSelect.Field {...form.field('guests')} data-testid="add-answer-guests">
              <GuestOptions />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </FormField>
      )}
      <FormField name="note" label={t('event.addAnswer.note')} error={form.errors.note}>
        <Textarea {...form.field('note')} rows={2} maxLength={RSVP_NOTE_MAX} />
      </FormField>
    </DialogForm>
  );
}
