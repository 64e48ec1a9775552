import { Checkbox, Input, SimpleGrid } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_PLACE_MAX, EVENT_TITLE_MAX } from '@shared/events/rules';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ZoneSelect } from '../../components/zone-select';
import { viewerTimeZone } from '../../lib/format';
import { trpc } from '../../trpc';
import { defaultSchedule, toInstants } from '../events/event-form-model';
import { useFieldErrors } from './form-errors';
import { useMeetingsAction } from './use-meetings-action';

/**
 * Calls a meeting of the community: its title, day and times on a zone's clock, the place, and
 * whether it is a general assembly. It is an event too (the calendar, RSVPs, reminders); the host
 * is the next on the leaders' rota unless one is named on the meeting's page.
 */
export const CreateMeetingDialog = formDialog(CreateMeetingForm, (t) => t('meetings.create.title'), { base: 'full', md: 'md' });

function CreateMeetingForm({ communityId, onDone }: { communityId: number; onDone: () => void }) {
  const { t } = useTranslation();
  const [timeZone, setTimeZone] = useState(viewerTimeZone);
  const [when, setWhen] = useState(() => defaultSchedule(Date.now(), viewerTimeZone()));
  const [title, setTitle] = useState('');
  const [place, setPlace] = useState('');
  const [generalAssembly, setGeneralAssembly] = useState(false);
  const { errors, place: placeErrors, clear } = useFieldErrors();
  const create = useMutation(trpc.meetings.create.mutationOptions());
  const act = useMeetingsAction();
  const navigate = useNavigate();
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    clear();
    const instants = toInstants({ ...when, timeZone });
    let id = 0;
    const done = await act(
      async () => (id = (await create.mutateAsync({ communityId, title, timeZone, place, generalAssembly, startsAt: instants?.startsAt ?? 0, endsAt: instants?.endsAt ?? 0 })).id),
      t('meetings.actionFailed'),
      t('meetings.create.created'),
      placeErrors,
    );
    if (done) {
      onDone();
      void navigate({ to: '/meetings/$id', params: { id: String(id) } });
    }
  }
  return (
    <DialogForm onSubmit={(e) => void onSubmit(e)} onCancel={onDone} submitLabel={t('meetings.create.submit')} busy={create.isPending} testId="create-meeting-form">
      <FormField name="title" label={t('meetings.create.name')} error={errors.title} required>
        <Input id="title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={EVENT_TITLE_MAX} placeholder={t('meetings.create.namePlaceholder')} autoComplete="off" />
      </FormField>
      <FormField name="date" label={t('meetings.create.date')} error={errors.startsAt} required>
        <Input id="date" type="date" value={when.date} onChange={(e) => setWhen({ ...when, date: e.target.value })} />
      </FormField>
      <SimpleGrid columns={2} gap="3">
        <FormField name="startTime" label={t('meetings.create.start')} required>
          <Input id="startTime" type="time" step={300} value={when.startTime} onChange={(e) => setWhen({ ...when, startTime: e.target.value })} />
        </FormField>
        <FormField name="endTime" label={t('meetings.create.end')} error={errors.endsAt} required>
          <Input id="endTime" type="time" step={300} value={when.endTime} onChange={(e) => setWhen({ ...when, endTime: e.target.value })} />
        </FormField>
      </SimpleGrid>
      <FormField name="timeZone" label={t('meetings.create.timeZone')} error={errors.timeZone}>
        <ZoneSelect value={timeZone} onChange={setTimeZone} />
      </FormField>
      <FormField name="place" label={t('meetings.create.place')} error={errors.place}>
        <Input id="place" value={place} onChange={(e) => setPlace(e.target.value)} maxLength={EVENT_PLACE_MAX} placeholder={t('meetings.create.placePlaceholder')} />
      </FormField>
      <Checkbox.Root size="sm" checked={generalAssembly} onCheckedChange={(c) => setGeneralAssembly(c.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="normal">{t('meetings.create.generalAssembly')}</Checkbox.Label>
      </Checkbox.Root>
    </DialogForm>
  );
}
