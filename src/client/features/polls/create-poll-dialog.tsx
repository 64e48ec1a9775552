import { Alert, Button, chakra, HStack, IconButton, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { localOf } from '@shared/events/time';
import { defaultSecrecy } from '@shared/schemas/polls';
import { MAX_OPTIONS, MAX_SEATS, MIN_OPTIONS, OPTION_LABEL_MAX, POLL_DESCRIPTION_MAX, POLL_ELIGIBILITIES, POLL_KINDS, POLL_TITLE_MAX, type PollEligibility, type PollKind, type ResultsVisibility } from '@shared/polls/rules';
import { FormDialog, formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { placeServerIssues } from '../../lib/server-issues';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { Section } from '../events/event-form-fields';
import { ScopeChoice } from '../events/event/scope-choice';
import { todayIn, viewerTimeZone, zoneName } from '../events/when';
import { closingInstant, createPollForm, fieldOfServerPath, moveRank, OPTIONED_KINDS, type PollFormValues } from './model';
import { useKindLabel } from './poll-badges';
import { refreshPolls } from './queries';
import type { PollDetail } from './types';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

/*
 * Create poll (managers): the question, its kind and options, when voting closes (in the viewer's
 * zone), secrecy, when results show and who may vote. Edit settings: title, description and
 * closing time while it runs; the rest only until the first vote. The server's field errors are
 * placed beside their fields.
 */

const ELIGIBILITY = {
  all: 'polls.form.eligibility.all',
  joined_before: 'polls.form.eligibility.joined_before',
  good_standing: 'polls.form.eligibility.good_standing',
} as const satisfies Record<PollEligibility, string>;

const KIND_HELP = {
  single: 'polls.kindHelp.single',
  multiple: 'polls.kindHelp.multiple',
  yes_no: 'polls.kindHelp.yes_no',
  ranked: 'polls.kindHelp.ranked',
  election: 'polls.kindHelp.election',
} as const satisfies Record<PollKind, string>;

type Errors = Partial<Record<string, string>>;

/** A week ahead at 18:00 in the viewer's zone: a sensible default people change anyway. */
function defaultClosing(zone: string) {
  const week = localOf(Date.now() + 7 * 86_400_000, zone);
  return { closesDate: week.date, closesTime: '18:00' };
}

/** A new poll; with `topicId`, attached to that discussion topic (its page lists it). */
export function CreatePollDialog(props: { communityId: number; topicId?: number; trigger: ReactElement }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('polls.form.createTitle')} trigger={props.trigger} size={{ base: 'full', md: 'lg' }}>
      {(close) => <CreatePollForm communityId={props.communityId} topicId={props.topicId} onDone={close} />}
    </FormDialog>
  );
}

function CreatePollForm({ communityId, topicId, onDone }: { communityId: number; topicId?: number; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const kindLabel = useKindLabel();
  const [initial] = useState<PollFormValues>(() => {
    const zone = viewerTimeZone();
    return {
      kind: 'single',
      title: '',
      description: '',
      options: ['', ''],
      maxChoices: '',
      seats: '1',
      ...defaultClosing(zone),
      timeZone: zone,
      anonymous: defaultSecrecy('single'),
      resultsVisibility: 'live',
      eligibility: 'all',
      joinedBefore: '',
    };
  });
  const form = useZodForm(createPollForm(Date.now()), initial);
  // Until the creator chooses, the secrecy follows the kind's default (an election's ballots are secret).
  const [secrecyChosen, setSecrecyChosen] = useState(false);
  const create = useMutation(trpc.polls.create.mutationOptions());
  const v = form.values;
  const optioned = OPTIONED_KINDS.includes(v.kind);
  const setOptions = (options: string[]) => form.setValue('options', options);

  const onSubmit = form.submit(t('polls.form.invalid'), async (v) => {
    if (create.isPending) return;
    try {
      const created = await create.mutateAsync({ communityId, ...v, ...(topicId === undefined ? {} : { topicId }) });
      if (created.kind === 'election') notify.success(t('polls.form.createdElection'), t('polls.form.createdElectionBody', { title: created.title }));
      else notify.success(t('polls.form.created'), t('polls.form.createdBody', { title: created.title }));
      onDone();
      void refreshPolls(queryClient);
      void navigate({ to: '/polls/$id', params: { id: String(created.id) } });
    } catch (error) {
      notify.error(t('polls.form.failed'), placeServerIssues(error, form.setErrors, fieldOfServerPath).message);
    }
  });

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('polls.form.submit')}
      busy={create.isPending}
      busyLabel={t('polls.form.saving')}
      testId="create-poll-form"
      submitTestId="create-poll-submit"
    >
      <Stack gap="6">
        <Section legend={t('polls.form.sectionQuestion')}>
          <FormField name="title" label={t('polls.form.pollTitle')} error={form.errors.title} helper={t('polls.form.titleHelp')} required>
            <Input {...form.field('title')} maxLength={POLL_TITLE_MAX} autoComplete="off" data-testid="poll-title-input" />
          </FormField>
          <FormField name="description" label={t('polls.form.description')} error={form.errors.description} helper={t('polls.form.descriptionHelp')}>
            <Textarea {...form.field('description')} rows={3} maxLength={POLL_DESCRIPTION_MAX} data-testid="poll-description-input" />
          </FormField>
          <FormField name="kind" label={t('polls.form.kind')} error={form.errors.kind} helper={t(KIND_HELP[v.kind])}>
            <Select
              value={v.kind}
              onChange={(e) => {
                const kind = e.target.value as PollKind;
                form.setValue('kind', kind);
                if (!secrecyChosen) form.setValue('anonymous', defaultSecrecy(kind));
                form.setErrors((x) => ({ ...x, options: undefined, maxChoices: undefined, seats: undefined }));
              }}
              data-testid="poll-kind-select"
              options={POLL_KINDS.map((k) => ({ value: k, label: kindLabel(k) }))}
            />
          </FormField>
        </Section>

        <Section legend={t('polls.form.sectionChoices')}>
          {optioned && <OptionsEditor options={v.options} onChange={setOptions} error={form.errors.options} />}
          {v.kind === 'yes_no' && (
            <Text color="fg.muted" fontSize="sm">
              {t('polls.form.yesNoNote')}
            </Text>
          )}
          {v.kind === 'election' && (
            <>
              <Text color="fg.muted" fontSize="sm">
                {t('polls.form.electionNote')}
              </Text>
              <FormField name="seats" label={t('polls.form.seats')} error={form.errors.seats} helper={t('polls.form.seatsHelp')} required>
                <Input type="number" inputMode="numeric" min={1} max={MAX_SEATS} step={1} {...form.field('seats')} maxW={{ sm: '32' }} data-testid="poll-seats-input" />
              </FormField>
            </>
          )}
          {v.kind === 'multiple' && (
            <FormField name="maxChoices" label={t('polls.form.maxChoices')} error={form.errors.maxChoices} helper={t('polls.form.maxChoicesHelp')}>
              <Input type="number" inputMode="numeric" min={1} max={Math.max(1, v.options.length)} step={1} {...form.field('maxChoices')} maxW={{ sm: '32' }} data-testid="poll-max-choices-input" />
            </FormField>
          )}
        </Section>

        <Section legend={t('polls.form.sectionVoting')}>
          <ClosingFields values={v} errors={form.errors} set={(name, value) => form.setValue(name, value)} />
          <SettingsFields
            values={v}
            errors={form.errors}
            set={(name, value) => {
              if (name === 'anonymous') setSecrecyChosen(true);
              form.setValue(name, value as never);
            }}
          />
        </Section>
      </Stack>
    </DialogForm>
  );
}

/** The options as a simple list: type, add, remove (down to two), move up or down. */
function OptionsEditor({ options, onChange, error }: { options: string[]; onChange: (options: string[]) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0" id="options" tabIndex={-1} aria-invalid={!!error} aria-describedby="options-help" _focusVisible={{ outline: 'none' }} data-testid="poll-options">
      <chakra.legend fontWeight="medium" fontSize="sm" mb="1" p="0">
        {t('polls.form.options')}
      </chakra.legend>
      <Text fontSize="xs" color={error ? 'fg.error' : 'fg.muted'} mb="2" id="options-help" role={error ? 'alert' : undefined}>
        {error ?? t('polls.form.optionsHelp')}
      </Text>
      <Stack as="ol" gap="2" listStyleType="none" m="0" p="0">
        {options.map((o, i) => {
          const n = i + 1;
          return (
            <HStack as="li" key={i} gap="1">
              <Input
                size="sm"
                value={o}
                onChange={(e) => onChange(options.map((x, j) => (j === i ? e.target.value : x)))}
                maxLength={OPTION_LABEL_MAX}
                aria-label={t('polls.form.optionLabel', { n })}
                placeholder={t('polls.form.optionLabel', { n })}
                autoComplete="off"
                minW="0"
                flex="1"
                id={`option-${i}`}
                data-testid="poll-option-input"
              />
              <IconButton size="sm" variant="ghost" aria-label={t('polls.form.moveUp', { n })} disabled={i === 0} onClick={() => onChange(moveRank(options, i, -1))}>
                <ArrowUp aria-hidden />
              </IconButton>
              <IconButton size="sm" variant="ghost" aria-label={t('polls.form.moveDown', { n })} disabled={i === options.length - 1} onClick={() => onChange(moveRank(options, i, 1))}>
                <ArrowDown aria-hidden />
              </IconButton>
              <IconButton
                size="sm"
                variant="ghost"
                colorPalette="red"
                aria-label={t('polls.form.removeOption', { n })}
                disabled={options.length <= MIN_OPTIONS}
                onClick={() => onChange(options.filter((_, j) => j !== i))}
                data-testid="poll-option-remove"
              >
                <Trash2 aria-hidden />
              </IconButton>
            </HStack>
          );
        })}
      </Stack>
      {options.length < MAX_OPTIONS && (
        <Button
          size="sm"
          variant="outline"
          mt="2"
          onClick={() => {
            onChange([...options, '']);
            requestAnimationFrame(() => document.getElementById(`option-${options.length}`)?.focus());
          }}
          data-testid="poll-option-add"
        >
          <Plus aria-hidden /> {t('polls.form.addOption')}
        </Button>
      )}
    </chakra.fieldset>
  );
}

type ClosingValues = { closesDate: string; closesTime: string; timeZone: string };

function ClosingFields({ values: v, errors, set }: { values: ClosingValues; errors: Errors; set: (name: 'closesDate' | 'closesTime', value: string) => void }) {
  const { t } = useTranslation();
  const when = closingInstant(v.closesDate, v.closesTime, v.timeZone) ?? Date.now();
  return (
    <Stack gap="1">
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
        <FormField name="closesDate" label={t('polls.form.closesDate')} error={errors.closesDate} required>
          <Input type="date" min={todayIn(v.timeZone)} value={v.closesDate} onChange={(e) => set('closesDate', e.target.value)} data-testid="poll-closes-date" />
        </FormField>
        <FormField name="closesTime" label={t('polls.form.closesTime')} error={errors.closesTime} required>
          <Input type="time" value={v.closesTime} onChange={(e) => set('closesTime', e.target.value)} data-testid="poll-closes-time" />
        </FormField>
      </Stack>
      <Text fontSize="xs" color="fg.muted">
        {t('polls.form.closesHelp', { zone: zoneName(when, v.timeZone) })}
      </Text>
    </Stack>
  );
}

type SettingsValues = { anonymous: boolean; resultsVisibility: ResultsVisibility; eligibility: PollEligibility; joinedBefore: string; timeZone: string };

/** Secrecy, when results show and who may vote (fixed once the first vote is cast). */
function SettingsFields({ values: v, errors, set }: { values: SettingsValues; errors: Errors; set: <K extends keyof SettingsValues>(name: K, value: SettingsValues[K]) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <ScopeChoice
        name="poll-anonymous"
        legend={t('polls.form.anonymousLegend')}
        value={v.anonymous ? 'anonymous' : 'named'}
        onChange={(x) => set('anonymous', x === 'anonymous')}
        options={[
          { value: 'anonymous', label: t('polls.form.anonymous') },
          { value: 'named', label: t('polls.form.named') },
        ]}
      />
      {!v.anonymous && (
        // Said plainly before anyone votes: a named ballot is public to the whole community.
        <Alert.Root status="warning" size="sm" data-testid="poll-named-warning">
          <Alert.Indicator />
          <Alert.Description>{t('polls.form.namedWarning')}</Alert.Description>
        </Alert.Root>
      )}
      {v.anonymous ? (
        // The server shows an anonymous poll's results only once it has closed, whatever is sent.
        <Text fontSize="sm" color="fg.muted" data-testid="poll-results-anonymous">
          {t('polls.form.resultsAnonymous')}
        </Text>
      ) : (
        <ScopeChoice
          name="poll-results"
          legend={t('polls.form.resultsLegend')}
          value={v.resultsVisibility}
          onChange={(x) => set('resultsVisibility', x)}
          options={[
            { value: 'live', label: t('polls.form.resultsLive') },
            { value: 'after_close', label: t('polls.form.resultsAfterClose') },
          ]}
        />
      )}
      <ScopeChoice
        name="poll-eligibility"
        legend={t('polls.form.eligibilityLegend')}
        value={v.eligibility}
        onChange={(x) => set('eligibility', x)}
        options={POLL_ELIGIBILITIES.map((e) => ({ value: e, label: t(ELIGIBILITY[e]) }))}
      />
      {v.eligibility === 'joined_before' && (
        <FormField name="joinedBefore" label={t('polls.form.joinedBefore')} error={errors.joinedBefore} helper={t('polls.form.joinedBeforeHelp')} required>
          <Input type="date" max={todayIn(v.timeZone)} value={v.joinedBefore} onChange={(e) => set('joinedBefore', e.target.value)} maxW={{ sm: '60' }} data-testid="poll-joined-before" />
        </FormField>
      )}
    </>
  );
}

/* ---------- Edit settings ---------- */

const editForm = z.object({
  title: z.string().trim().min(1, 'validation.polls.title').max(POLL_TITLE_MAX, 'validation.polls.titleLong'),
  description: z.string().trim().max(POLL_DESCRIPTION_MAX, 'validation.polls.descriptionLong'),
  closesDate: z.string(),
  closesTime: z.string(),
  timeZone: z.string(),
  anonymous: z.boolean(),
  resultsVisibility: z.enum(['live', 'after_close']),
  eligibility: z.enum(POLL_ELIGIBILITIES),
  joinedBefore: z.string(),
});
type EditValues = z.input<typeof editForm>;

export const EditPollDialog = formDialog(EditPollForm, (t) => t('polls.edit.title'), { base: 'full', md: 'lg' });

function EditPollForm({ poll: p, onDone }: { poll: PollDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [initial] = useState<EditValues>(() => {
    const zone = viewerTimeZone();
    const closes = localOf(p.closesAt, zone);
    return {
      title: p.title,
      description: p.description,
      closesDate: closes.date,
      closesTime: closes.time,
      timeZone: zone,
      anonymous: p.anonymous,
      resultsVisibility: p.resultsVisibility,
      eligibility: p.eligibility,
      joinedBefore: p.joinedBefore === null ? '' : localOf(p.joinedBefore, zone).date,
    };
  });
  const form = useZodForm(editForm, initial);
  const update = useMutation(trpc.polls.update.mutationOptions());
  const v = form.values;

  const onSubmit = form.submit(t('polls.form.invalid'), async (d) => {
    if (update.isPending) return;
    const closesAt = closingInstant(d.closesDate, d.closesTime, d.timeZone);
    if (closesAt === null) {
      form.setErrors({ closesDate: t('validation.polls.closesAt') });
      return notify.error(t('polls.form.invalid'), t('validation.polls.closesAt'));
    }
    if (d.eligibility === 'joined_before' && !/^\d{4}-\d{2}-\d{2}$/.test(d.joinedBefore)) {
      form.setErrors({ joinedBefore: t('validation.polls.joinedBefore') });
      return notify.error(t('polls.form.invalid'), t('validation.polls.joinedBefore'));
    }
    const joinedBefore = d.eligibility === 'joined_before' ? closingInstant(d.joinedBefore, '00:00', d.timeZone) : null;
    // Only what changed: the locked settings are not sent once votes have been cast.
    const changes: Record<string, unknown> = {};
    if (d.title !== p.title) changes.title = d.title;
    if (d.description !== p.description) changes.description = d.description;
    if (closesAt !== p.closesAt) changes.closesAt = closesAt;
    if (!p.settingsLocked) {
      if (d.anonymous !== p.anonymous) changes.anonymous = d.anonymous;
      if (d.resultsVisibility !== p.resultsVisibility) changes.resultsVisibility = d.resultsVisibility;
      if (d.eligibility !== p.eligibility) changes.eligibility = d.eligibility;
      if (joinedBefore !== p.joinedBefore && (d.eligibility === 'joined_before' || d.eligibility !== p.eligibility)) changes.joinedBefore = joinedBefore;
    }
    if (Object.keys(changes).length === 0) {
      notify.info(t('polls.edit.nothing'));
      return onDone();
    }
    try {
      await update.mutateAsync({ id: p.id, ...changes });
      notify.success(t('polls.edit.saved'));
      onDone();
      void refreshPolls(queryClient);
    } catch (error) {
      notify.error(t('polls.edit.failed'), placeServerIssues(error, form.setErrors, fieldOfServerPath).message);
    }
  });

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('polls.edit.submit')}
      busy={update.isPending}
      busyLabel={t('polls.edit.saving')}
      testId="edit-poll-form"
      submitTestId="edit-poll-submit"
    >
      <Stack gap="6">
        <Section legend={t('polls.form.sectionQuestion')}>
          <FormField name="title" label={t('polls.form.pollTitle')} error={form.errors.title} required>
            <Input {...form.field('title')} maxLength={POLL_TITLE_MAX} autoComplete="off" />
          </FormField>
          <FormField name="description" label={t('polls.form.description')} error={form.errors.description} helper={t('polls.form.descriptionHelp')}>
            <Textarea {...form.field('description')} rows={3} maxLength={POLL_DESCRIPTION_MAX} />
          </FormField>
        </Section>
        <Section legend={t('polls.form.sectionVoting')}>
          <ClosingFields values={v} errors={form.errors} set={(name, value) => form.setValue(name, value)} />
          {p.settingsLocked ? (
            <Text fontSize="sm" color="fg.muted" data-testid="poll-settings-locked">
              {t('polls.form.lockedNote')}
            </Text>
          ) : (
            <SettingsFields values={v} errors={form.errors} set={(name, value) => form.setValue(name, value as never)} />
          )}
        </Section>
      </Stack>
    </DialogForm>
  );
}
