import { Button, chakra, Dialog, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_OCCURRENCES } from '@shared/events/rules';
import { isValidDate } from '@shared/njangi/schedule';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { currentLocale } from '../../i18n';
import { placeServerIssues } from '../../lib/server-issues';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { CoverField, PeopleFields, Section, WhatFields, WhenFields, WhereFields, type CommonValues, type FieldsApi } from './event-form-fields';
import { createEventForm, defaultSchedule, fieldOfServerPath, REPEAT_CHOICES, repeatMeaning, type CreateEventValues, type RepeatChoice } from './event-form-model';
import type { Ordinal } from './calendar-model';
import { mayManageEvents, myCommunitiesQuery } from './list-queries';
import { refreshEvents } from './queries';
import { todayIn, viewerTimeZone } from './when';
import { ListStates } from '../../components/list-states';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

/*
 * "Schedule Event": a new event, or a series of them. Opened from a community the community is
 * given; opened from /events or the dashboard the caller first chooses one of their communities
 * where they may manage events (and is told why there is none when that is so). On success the
 * first date's page opens, unless the opener says otherwise.
 */

type Created = { id: number; title: string; occurrences: number };

export function CreateEventDialog(props: {
  /** The community, when the dialog is opened from it (no choice then). */
  communityId?: number;
  communityName?: string;
  /** Preselected in the choice of communities (e.g. the one /events is filtered to). */
  defaultCommunityId?: number;
  trigger: ReactElement;
  /** Instead of opening the new event's page. */
  onCreated?: (event: Created) => void;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('events.form.createTitle')} trigger={props.trigger} size={{ base: 'full', md: 'lg' }} defaultOpen={props.defaultOpen}>
      {(close) =>
        props.communityId !== undefined ? (
          <EventForm communities={[{ id: props.communityId, name: props.communityName ?? '' }]} fixed onDone={close} onCreated={props.onCreated} />
        ) : (
          <ChooseCommunity defaultId={props.defaultCommunityId} onDone={close} onCreated={props.onCreated} />
        )
      }
    </FormDialog>
  );
}

/** The caller's communities where they may schedule; the form once they are known. */
function ChooseCommunity({ defaultId, onDone, onCreated }: { defaultId?: number; onDone: () => void; onCreated?: (event: Created) => void }) {
  const { t } = useTranslation();
  const q = useQuery(myCommunitiesQuery());
  const hosts = useMemo(() => (q.data?.items ?? []).filter(mayManageEvents), [q.data]);
  if (q.isPending || q.isError || hosts.length === 0) {
    return (
      <>
        <Dialog.Body>
          <ListStates query={q} loading={t('common.loading')} rows={2} rowHeight="10" failed={t('events.form.communitiesFailed')} retry={t('event.tryAgain')}>
            {() => (
              <Text role="status" data-testid="schedule-no-community">
                {t((q.data?.items.length ?? 0) > 0 ? 'events.form.noCommunity' : 'events.form.noCommunities')}
              </Text>
            )}
          </ListStates>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" type="button" onClick={onDone}>
            {t('common.close')}
          </Button>
        </Dialog.Footer>
      </>
    );
  }
  const first = hosts.find((c) => c.id === defaultId) ?? hosts[0]!;
  return <EventForm communities={hosts} initialId={first.id} onDone={onDone} onCreated={onCreated} />;
}

const ORDINAL_KEY = {
  first: 'events.form.ordinal.first',
  second: 'events.form.ordinal.second',
  third: 'events.form.ordinal.third',
  fourth: 'events.form.ordinal.fourth',
  last: 'events.form.ordinal.last',
} as const satisfies Record<Ordinal, string>;

function EventForm({
  communities,
  fixed,
  initialId,
  onDone,
  onCreated,
}: {
  communities: { id: number; name: string }[];
  fixed?: boolean;
  initialId?: number;
  onDone: () => void;
  onCreated?: (event: Created) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [communityId, setCommunityId] = useState(initialId ?? communities[0]!.id);
  const community = communities.find((c) => c.id === communityId) ?? communities[0]!;
  const [initial] = useState<CreateEventValues>(() => {
    const zone = viewerTimeZone();
    const when = defaultSchedule(Date.now(), zone);
    return {
      title: '',
      description: '',
      ...when,
      multiDay: false,
      endDate: '',
      timeZone: zone,
      place: '',
      onlineUrl: '',
      coverUrl: null,
      capacity: '',
      visibility: 'members',
      guestListHidden: false,
      repeat: 'none',
      ends: 'count',
      until: '',
      count: '',
    };
  });
  // "Now" at each check: a form left open must not schedule a start that has passed meanwhile.
  const form = useZodForm(createEventForm(Date.now()), initial);
  const create = useMutation(trpc.events.create.mutationOptions());
  const v = form.values;
  const api: FieldsApi = { values: v as CommonValues, errors: form.errors, set: (name, value) => form.setValue(name, value as never) };
  const today = todayIn(v.timeZone);
  const locale = currentLocale();
  const meaning = repeatMeaning(isValidDate(v.date) ? v.date : today, locale);
  const repeatLabel = (choice: RepeatChoice) => {
    switch (choice) {
      case 'none':
        return t('events.form.repeatNone');
      case 'weekly':
        return t('events.form.repeatWeekly', { weekday: meaning.weekday });
      case 'biweekly':
        return t('events.form.repeatBiweekly', { weekday: meaning.weekday });
      case 'monthly_date': {
        const day = meaning.day === 1 ? t('events.form.dayOne') : String(meaning.day);
        return t(meaning.late ? 'events.form.repeatMonthlyDateLate' : 'events.form.repeatMonthlyDate', { day });
      }
      case 'monthly_weekday':
        return t('events.form.repeatMonthlyWeekday', { ordinal: t(ORDINAL_KEY[meaning.ordinal]), weekday: meaning.weekday });
    }
  };

  const onSubmit = form.submit(t('events.form.invalid'), async (data) => {
    if (create.isPending) return;
    try {
      const created = await create.mutateAsync({ communityId: community.id, ...data });
      if (created.occurrences > 1) notify.success(t('events.form.createdSeries', { count: created.occurrences }), t('events.form.createdSeriesBody', { title: created.title }));
      else notify.success(t('events.form.created'), t('events.form.createdBody', { title: created.title }));
      // Closed at once (the lists refresh behind it): a dialog left open while they load could be sent twice.
      onDone();
      void refreshEvents(queryClient);
      if (onCreated) onCreated({ id: created.id, title: created.title, occurrences: created.occurrences });
      else void navigate({ to: '/events/$id', params: { id: String(created.id) } });
    } catch (error) {
      notify.error(t('events.form.failed'), placeServerIssues(error, form.setErrors, (path) => fieldOfServerPath(path, v.ends)).message);
    }
  });

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('events.form.submit')}
      busy={create.isPending}
      busyLabel={t('events.form.saving')}
      testId="create-event-form"
      submitTestId="create-event-submit"
    >
      <Stack gap="6">
        <Section legend={t('events.form.sectionEvent')}>
          {fixed ? (
            community.name && <Text color="fg.muted">{t('events.form.inCommunity', { name: community.name })}</Text>
          ) : (
            <FormField name="communityId" label={t('events.form.community')} error={form.errors.communityId} helper={t('events.form.communityHelp')}>
              <Select
                value={String(communityId)}
                onChange={(e) => {
                  setCommunityId(Number(e.target.value));
                  form.setErrors((x) => (x.communityId ? { ...x, communityId: undefined } : x));
                }}
                data-testid="event-community-select"
                options={communities.map((c) => ({ value: String(c.id), label: c.name }))}
              />
            </FormField>
          )}
          <WhatFields api={api} />
        </Section>

        <Section legend={t('events.form.sectionWhen')}>
          <WhenFields api={api} minDate={today} />
        </Section>

        <Section legend={t('events.form.sectionRepeat')}>
          <FormField name="repeat" label={t('events.form.repeat')} error={form.errors.repeat} helper={v.repeat !== 'none' ? t('events.form.repeatHelp') : undefined}>
            <Select {...form.field('repeat')} data-testid="event-repeat-select" options={REPEAT_CHOICES.map((choice) => ({ value: choice, label: repeatLabel(choice) }))} />
          </FormField>
          {v.repeat !== 'none' && (
            <>
              <chakra.fieldset border="0" p="0" m="0" minW="0">
                <chakra.legend fontWeight="medium" fontSize="sm" mb="2" p="0">
                  {t('events.form.ends')}
                </chakra.legend>
                <HStack gap="5" flexWrap="wrap">
                  {(['count', 'until'] as const).map((ends) => (
                    <chakra.label key={ends} display="inline-flex" gap="2" alignItems="center" cursor="pointer" fontSize="sm">
                      <chakra.input
                        type="radio"
                        name="ends"
                        value={ends}
                        checked={v.ends === ends}
                        onChange={() => form.setValue('ends', ends)}
                        css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
                        data-testid={`event-ends-${ends}`}
                      />
                      {t(ends === 'count' ? 'events.form.endsCount' : 'events.form.endsUntil')}
                    </chakra.label>
                  ))}
                </HStack>
              </chakra.fieldset>
              {v.ends === 'count' ? (
                <FormField name="count" label={t('events.form.count')} error={form.errors.count} helper={t('events.form.countHelp', { max: MAX_OCCURRENCES })} required>
                  <Input type="number" inputMode="numeric" min={2} max={MAX_OCCURRENCES} step={1} {...form.field('count')} maxW={{ sm: '40' }} data-testid="event-count-input" />
                </FormField>
              ) : (
                <FormField name="until" label={t('events.form.until')} error={form.errors.until} helper={t('events.form.untilHelp', { max: MAX_OCCURRENCES })} required>
                  <Input type="date" min={isValidDate(v.date) ? v.date : today} {...form.field('until')} maxW={{ sm: '60' }} data-testid="event-until-input" />
                </FormField>
              )}
            </>
          )}
        </Section>

        <Section legend={t('events.form.sectionWhere')}>
          <WhereFields api={api} />
          <CoverField api={api} />
        </Section>

        <Section legend={t('events.form.sectionPeople')}>
          <PeopleFields api={api} />
        </Section>
      </Stack>
    </DialogForm>
  );
}
