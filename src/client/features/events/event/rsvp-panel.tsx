import { Alert, Badge, Button, chakra, HStack, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, CircleHelp, X } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_GUESTS, RSVP_ANSWERS, RSVP_NOTE_MAX, type RsvpAnswer, type RsvpStatus } from '@shared/events/rules';
import { FormField } from '../../../components/form-field';
import { errorInfo } from '../../../lib/errors';
import { trpc } from '../../../trpc';
import type { EventDetail } from '../event-types';
import { ScopeChoice } from './scope-choice';
import { ANSWER_KEY, answerOf, STATUS_COLOR, STATUS_KEY } from './rsvp-status';
import { isOver, useEventAction } from './use-event-action';
import { SectionCard } from '../../../components/section-card';

const ANSWER_ICON: Record<RsvpAnswer, ReactNode> = { going: <Check aria-hidden />, maybe: <CircleHelp aria-hidden />, not_going: <X aria-hidden /> };

const DONE_KEY = {
  going: 'event.rsvp.done.going',
  maybe: 'event.rsvp.done.maybe',
  not_going: 'event.rsvp.done.notGoing',
  waitlisted: 'event.rsvp.done.waitlisted',
} as const satisfies Record<RsvpStatus, string>;

type Scope = 'one' | 'series';

/**
 * The viewer's answer: one tap on Going, Maybe or Can't go sends it (for a series, to this date
 * or every later one too, chosen first). Once answered, guests (going only) and a note for the
 * hosts are details saved with their own button. "Going" that does not fit joins the waitlist,
 * which the panel says at once. Closed, with the reason, once cancelled or over.
 */
export function RsvpPanel({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  const run = useEventAction();
  const rsvp = useMutation(trpc.events.rsvp.mutationOptions());
  const mine = e.myRsvp;
  const [answer, setAnswer] = useState<RsvpAnswer | null>(mine ? answerOf(mine.status) : null);
  const [guests, setGuests] = useState(String(mine?.guests ?? 0));
  const [note, setNote] = useState(mine?.note ?? '');
  const [scope, setScope] = useState<Scope>('one');
  const [errors, setErrors] = useState<{ guests?: string; note?: string }>({});
  const questionId = useId();

  const closed = e.status === 'cancelled' ? t('event.rsvp.closed.cancelled') : isOver(e) ? t('event.rsvp.closed.ended') : null;
  const c = e.counts;
  const alreadyGoing = mine?.status === 'going';
  const full = c.capacity !== null && (c.placesLeft ?? 0) <= 0;

  const current = !mine
    ? t('event.rsvp.current.none')
    : mine.status === 'going'
      ? mine.guests > 0
        ? t('event.rsvp.current.goingWithGuests', { count: mine.guests })
        : t('event.rsvp.current.going')
      : mine.status === 'waitlisted'
        ? t('event.rsvp.current.waitlisted', { position: mine.waitlistPosition ?? 1 })
        : mine.status === 'maybe'
          ? t('event.rsvp.current.maybe')
          : t('event.rsvp.current.notGoing');

  async function send(status: RsvpAnswer) {
    if (closed || rsvp.isPending) return;
    setAnswer(status);
    setErrors({});
    await run(
      () => rsvp.mutateAsync({ id: e.id, status, guests: status === 'going' ? Number(guests) : 0, note: note.trim() || null, scope }),
      t('event.rsvp.failed'),
      (r) => {
        const status = r.rsvp.status;
        const body: string[] = [];
        if (status === 'waitlisted') body.push(t('event.rsvp.done.waitlistedBody', { position: r.rsvp.waitlistPosition ?? 1 }));
        if (r.series) {
          const s = r.series;
          const later = s.going + s.maybe + s.not_going + s.waitlisted - 1;
          const laterWaiting = s.waitlisted - (status === 'waitlisted' ? 1 : 0);
          if (later > 0) body.push(t('event.rsvp.seriesDone', { count: later }));
          if (laterWaiting > 0) body.push(t('event.rsvp.seriesWaitlisted', { count: laterWaiting }));
          if (s.skipped > 0) body.push(t('event.rsvp.seriesSkipped', { count: s.skipped }));
        }
        return { type: status === 'waitlisted' ? 'info' : 'success', title: t(DONE_KEY[status]), body: body.join(' ') || undefined };
      },
      (error) => {
        // "Not enough places for that many guests" belongs under the guests.
        const next: typeof errors = {};
        for (const issue of errorInfo(error).issues) {
          const field = issue.path[0];
          if (field === 'guests' || field === 'note') next[field] ??= issue.message;
        }
        setErrors(next);
      },
    );
  }

  return (
    <SectionCard id="event-rsvp" title={t('event.rsvp.title')} bodyGap="4" testId="rsvp-panel">
      <HStack gap="2" align="flex-start" role="status" aria-live="polite" data-testid="rsvp-status">
        {mine && (
          <Badge colorPalette={STATUS_COLOR[mine.status]} flexShrink={0} mt="0.5">
            {t(STATUS_KEY[mine.status])}
          </Badge>
        )}
        <Text fontWeight={mine ? 'medium' : undefined} color={mine ? undefined : 'fg.muted'}>
          {current}
        </Text>
      </HStack>
      {closed ? (
        <Alert.Root status="info" size="sm" data-testid="rsvp-closed">
          <Alert.Indicator />
          <Alert.Title fontWeight="normal">{closed}</Alert.Title>
        </Alert.Root>
      ) : (
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="4"
          onSubmit={(ev) => {
            ev.preventDefault();
            if (answer) void send(answer);
          }}
          noValidate
        >
          {e.seriesId !== null && (
            <ScopeChoice
              name="rsvp-scope"
              legend={t('event.rsvp.scope.label')}
              value={scope}
              onChange={setScope}
              options={[
                { value: 'one', label: t('event.rsvp.scope.one') },
                { value: 'series', label: t('event.rsvp.scope.series') },
              ]}
            />
          )}
          <Stack gap="2">
            <Text id={questionId} fontWeight="medium" fontSize="sm">
              {t('event.rsvp.question')}
            </Text>
            <HStack role="group" aria-labelledby={questionId} gap="2" flexWrap="wrap" data-testid="rsvp-answers">
              {RSVP_ANSWERS.map((a) => (
                <Button
                  key={a}
                  type="button"
                  size="sm"
                  flex={{ base: '1 1 auto', sm: '0 0 auto' }}
                  variant={answer === a ? 'solid' : 'outline'}
                  colorPalette={answer === a ? 'brand' : 'gray'}
                  aria-pressed={answer === a}
                  data-answer={a}
                  loading={rsvp.isPending && rsvp.variables?.status === a}
                  onClick={() => void send(a)}
                >
                  {ANSWER_ICON[a]} {t(ANSWER_KEY[a])}
                </Button>
              ))}
            </HStack>
          </Stack>
          {mine && answer === 'going' && (
            <>
              <FormField name="rsvp-guests" label={t('event.rsvp.guests')} error={errors.guests} helper={t('event.rsvp.guestsHelp', { max: MAX_GUESTS })}>
                <NativeSelect.Root size="sm" maxW={{ sm: '48' }}>
                  <NativeSelect.Field
                    value={guests}
                    onChange={(x) => {
                      setGuests(x.target.value);
                      setErrors((v) => ({ ...v, guests: undefined }));
                    }}
                    data-testid="rsvp-guests"
                  >
                    <GuestOptions />
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
              {c.capacity !== null && !alreadyGoing && (
                <Text fontSize="sm" color={full ? 'orange.fg' : 'fg.muted'} data-testid="rsvp-places">
                  {full ? t('event.rsvp.full') : t('event.rsvp.placesLeft', { count: c.placesLeft ?? 0 })}
                </Text>
              )}
            </>
          )}
          {mine && (
            <FormField name="rsvp-note" label={t('event.rsvp.note')} error={errors.note} helper={t('event.rsvp.noteHelp', { max: RSVP_NOTE_MAX })}>
              <Textarea
                size="sm"
                rows={2}
                maxLength={RSVP_NOTE_MAX}
                value={note}
                onChange={(x) => {
                  setNote(x.target.value);
                  setErrors((v) => ({ ...v, note: undefined }));
                }}
                data-testid="rsvp-note"
              />
            </FormField>
          )}
          {mine && (
            // Guests and the note are details of an answer already sent: saved on request.
            <Button
              type="submit"
              variant="outline"
              loading={rsvp.isPending}
              loadingText={t('event.saving')}
              alignSelf={{ base: 'stretch', sm: 'flex-start' }}
              data-testid="rsvp-submit"
            >
              {t('event.rsvp.saveDetails')}
            </Button>
          )}
        </chakra.form>
      )}
    </SectionCard>
  );
}

/** The choices of how many guests come along: none up to the most an answer may bring. */
export function GuestOptions() {
  const { t } = useTranslation();
  return Array.from({ length: MAX_GUESTS + 1 }, (_, n) => (
    <option key={n} value={String(n)}>
      {n === 0 ? t('event.rsvp.noGuests') : t('event.rsvp.guestOption', { count: n })}
    </option>
  ));
}
