import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isValidElement, useState, type ReactElement, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { notify } from '../../components/toaster';
import { placeServerIssues } from '../../lib/server-issues';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { ChoiceCards, CoverField, PeopleFields, Section, WhatFields, WhenFields, WhereFields, type CommonValues, type FieldsApi } from './event-form-fields';
import { changedFields, editEventForm, fieldOfServerPath, localFields, toInstants, type EditEventValues } from './event-form-model';
import { refreshEvents } from './queries';
import type { EventDetail } from './event-types';
import { todayIn } from './when';
import { DialogForm } from '../../components/dialog-form';

/*
 * Edits an event (the hosts, from its page): the Schedule dialog's fields less the community and
 * the repetition, filled with the event as it is (its local date and times on its own zone's
 * clock). For a date of a series the host chooses this date alone or this one and the following;
 * only what changed is sent.
 */

type Scope = 'one' | 'following';
const WHEN_KEYS = ['date', 'startTime', 'endTime', 'timeZone'] as const;
const endDateOf = (x: { multiDay: boolean; date: string; endDate: string }) => (x.multiDay ? x.endDate : x.date);

export function EditEventDialog({ event, trigger }: { event: EventDetail; trigger: ReactNode }) {
  const { t } = useTranslation();
  const button: ReactElement = isValidElement(trigger) ? trigger : <Button variant="outline">{trigger ?? t('events.form.editTitle')}</Button>;
  return (
    <FormDialog title={t('events.form.editTitle')} trigger={button} size={{ base: 'full', md: 'lg' }}>
      {(close) => <EditForm event={event} onDone={close} />}
    </FormDialog>
  );
}

function EditForm({ event: e, onDone }: { event: EventDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState<EditEventValues>(() => ({
    title: e.title,
    description: e.description,
    ...localFields(e),
    timeZone: e.timeZone,
    place: e.place ?? '',
    onlineUrl: e.onlineUrl ?? '',
    coverUrl: e.coverUrl,
    capacity: e.capacity === null ? '' : String(e.capacity),
    visibility: e.visibility,
    guestListHidden: e.guestListHidden,
  }));
  const [scope, setScope] = useState<Scope>('one');
  // The start as the form reads it (to the minute): kept as it is, it may already be past.
  const initialStart = toInstants({ ...initial, endDate: endDateOf(initial) })?.startsAt ?? e.startsAt;
  const form = useZodForm(editEventForm(Date.now(), { startsAt: initialStart }), initial);
  const update = useMutation(trpc.events.update.mutationOptions());
  const v = form.values;
  const api: FieldsApi = { values: v as CommonValues, errors: form.errors, set: (name, value) => form.setValue(name, value as never) };

  const whenChanged = WHEN_KEYS.some((k) => v[k] !== initial[k]) || endDateOf(v) !== endDateOf(initial);
  const placeChanged = v.place.trim() !== (e.place ?? '') || v.onlineUrl.trim() !== (e.onlineUrl ?? '');
  const answered = e.counts.going + e.counts.maybe + e.counts.waitlisted;
  const capacity = /^\d+$/.test(v.capacity.trim()) ? Number(v.capacity.trim()) : v.capacity.trim() === '' ? null : undefined;
  const capacityNote =
    capacity !== undefined && capacity !== e.capacity ? (
      capacity !== null && capacity < e.counts.placesTaken ? (
        <Note>{t('events.form.capacityBelow', { count: e.counts.placesTaken })}</Note>
      ) : e.counts.waitlisted > 0 && (capacity === null || e.capacity === null || capacity > e.capacity) ? (
        <Note>{t('events.form.capacityRaised', { count: e.counts.waitlisted })}</Note>
      ) : null
    ) : null;
  const today = todayIn(v.timeZone);
  const minDate = initial.date < today ? initial.date : today;

  const onSubmit = form.submit(t('events.form.invalid'), async (data) => {
    if (update.isPending) return;
    const original = {
      title: e.title,
      description: e.description,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      timeZone: e.timeZone,
      place: e.place,
      onlineUrl: e.onlineUrl,
      coverUrl: e.coverUrl,
      capacity: e.capacity,
      visibility: e.visibility,
      guestListHidden: e.guestListHidden,
    };
    // Schedule fields left as they were keep the stored instants (which may carry seconds the form does not show):
    // a started event whose end alone moves keeps its start, which the server would refuse as a new start in the past.
    const startKept = v.date === initial.date && v.startTime === initial.startTime && v.timeZone === initial.timeZone;
    const endKept = startKept && v.endTime === initial.endTime && endDateOf(v) === endDateOf(initial);
    const next = {
      ...data,
      ...(startKept ? { startsAt: e.startsAt, timeZone: e.timeZone } : {}),
      ...(endKept ? { endsAt: e.endsAt } : {}),
    };
    const changes = changedFields(original, next);
    if (Object.keys(changes).length === 0) return notify.info(t('events.form.nothingChanged'), t('events.form.nothingChangedBody'));
    try {
      const result = await update.mutateAsync({ id: e.id, scope: e.seriesId === null ? 'one' : scope, ...changes });
      notify.success(result.updated > 1 ? t('events.form.savedMany', { count: result.updated }) : t('events.form.saved'), result.event.title);
      // Closed at once (the page refreshes behind it), so the form cannot be sent twice.
      onDone();
      void refreshEvents(queryClient);
    } catch (error) {
      notify.error(t('events.form.saveFailed'), placeServerIssues(error, form.setErrors, (path) => fieldOfServerPath(path)).message);
    }
  });

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('events.form.save')}
      busy={update.isPending}
      busyLabel={t('events.form.savingChanges')}
      testId="edit-event-form"
      submitTestId="edit-event-submit"
    >
      <Stack gap="6">
        {e.seriesId !== null && (
          <ChoiceCards
            name="scope"
            legend={t('events.form.scope')}
            value={scope}
            onChange={setScope}
            options={[
              { value: 'one', label: t('events.form.scopeOne'), help: t('events.form.scopeOneHelp') },
              { value: 'following', label: t('events.form.scopeFollowing'), help: t('events.form.scopeFollowingHelp') },
            ]}
          />
        )}
        <Section legend={t('events.form.sectionEvent')}>
          <WhatFields api={api} />
        </Section>
        <Section legend={t('events.form.sectionWhen')}>
          <WhenFields api={api} minDate={minDate} />
        </Section>
        <Section legend={t('events.form.sectionWhere')}>
          <WhereFields api={api} />
          <CoverField api={api} />
        </Section>
        {(whenChanged || placeChanged) && answered > 0 && <Note>{t('events.form.timeChangeNotice')}</Note>}
        <Section legend={t('events.form.sectionPeople')}>
          <PeopleFields api={api} note={capacityNote} />
        </Section>
      </Stack>
    </DialogForm>
  );
}

function Note({ children }: { children: ReactNode }) {
  return (
    <Alert.Root status="info" size="sm" data-testid="edit-event-note">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Description>
          <Text fontSize="sm">{children}</Text>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
