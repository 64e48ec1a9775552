import { Button, Checkbox, HStack, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, HelpCircle, X } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RsvpAnswer, RsvpStatus } from '@shared/events/rules';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { ANSWER_KEY, answerOf, STATUS_COLOR } from './event/rsvp-status';
import { refreshEvents } from './queries';

/*
 * Answering from a list: Going / Maybe / Can't go as toggle buttons (the pressed one is the
 * viewer's answer; waiting in line is a "going" that did not fit). For a date of a series the
 * viewer may answer every later date at once. The outcome is toasted: a "going" beyond the
 * capacity is a place on the waitlist, with its number.
 */

const ANSWERS = [
  { answer: 'going', icon: Check, testId: 'rsvp-going' },
  { answer: 'maybe', icon: HelpCircle, testId: 'rsvp-maybe' },
  { answer: 'not_going', icon: X, testId: 'rsvp-not-going' },
] as const satisfies readonly { answer: RsvpAnswer; icon: unknown; testId: string }[];

export function RsvpButtons({
  event: e,
  titleId,
}: {
  event: { id: number; title: string; seriesId: number | null; myStatus: string | null };
  /** The id of the row's title: "All dates in this series" names the event through it. */
  titleId?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const helpId = useId();
  const [wholeSeries, setWholeSeries] = useState(false);
  // The answer just given shows at once; the lists catch up when they refetch.
  const [given, setGiven] = useState<{ over: string | null; status: RsvpStatus } | null>(null);
  const [pending, setPending] = useState<RsvpAnswer | null>(null);
  const rsvp = useMutation(trpc.events.rsvp.mutationOptions());
  const current = answerOf(given && given.over === e.myStatus ? given.status : e.myStatus);

  async function answer(status: RsvpAnswer) {
    // Pressing one's own answer again changes nothing (there is no "no answer" to go back to).
    if (rsvp.isPending || (status === current && !wholeSeries)) return;
    setPending(status);
    try {
      const scope = wholeSeries && e.seriesId !== null ? 'series' : 'one';
      const result = await rsvp.mutateAsync({ id: e.id, status, scope });
      setGiven({ over: e.myStatus, status: result.rsvp.status });
      if (result.series) {
        const s = result.series;
        const dates = s.going + s.maybe + s.not_going + s.waitlisted;
        const body = [s.waitlisted ? t('events.rsvp.seriesWaitlisted', { count: s.waitlisted }) : null, s.skipped ? t('events.rsvp.seriesSkipped', { count: s.skipped }) : null]
          .filter(Boolean)
          .join(' ');
        notify.success(t('events.rsvp.seriesSaved', { count: dates }), body || t('events.rsvp.answerBody'));
      } else if (result.rsvp.status === 'waitlisted') {
        notify.info(t('events.rsvp.waitlisted'), t('events.rsvp.waitlistedBody', { position: result.rsvp.waitlistPosition ?? 1 }));
      } else if (result.rsvp.status === 'going') {
        notify.success(t('events.rsvp.goingSaved'), t('events.rsvp.goingSavedBody', { title: e.title }));
      } else {
        notify.success(t(result.rsvp.status === 'maybe' ? 'events.rsvp.maybeSaved' : 'events.rsvp.notGoingSaved'), t('events.rsvp.answerBody'));
      }
      await refreshEvents(queryClient);
    } catch (error) {
      notify.error(t('events.rsvp.failed'), errorInfo(error).message);
      // Cancelled or over meanwhile: the lists should say so.
      void refreshEvents(queryClient);
    } finally {
      setPending(null);
    }
  }

  return (
    <Stack gap="2" data-testid="rsvp">
      <HStack role="group" aria-label={t('events.rsvp.group', { title: e.title })} gap="2" flexWrap="wrap">
        {ANSWERS.map((a) => {
          const pressed = current === a.answer;
          const Icon = a.icon;
          return (
            <Button
              key={a.answer}
              size="xs"
              variant={pressed ? 'solid' : 'outline'}
              colorPalette={pressed ? STATUS_COLOR[a.answer] : 'gray'}
              aria-pressed={pressed}
              loading={pending === a.answer}
              disabled={rsvp.isPending && pending !== a.answer}
              onClick={() => void answer(a.answer)}
              data-testid={a.testId}
            >
              <Icon aria-hidden /> {t(ANSWER_KEY[a.answer])}
            </Button>
          );
        })}
      </HStack>
      {e.seriesId !== null && (
        <Checkbox.Root size="sm" checked={wholeSeries} onCheckedChange={(c) => setWholeSeries(c.checked === true)} data-testid="rsvp-series">
          <Checkbox.HiddenInput aria-describedby={titleId ? `${titleId} ${helpId}` : helpId} />
          <Checkbox.Control />
          <Checkbox.Label fontSize="sm" fontWeight="normal">
            {t('events.rsvp.series')}
          </Checkbox.Label>
        </Checkbox.Root>
      )}
      {e.seriesId !== null && (
        <span id={helpId} className="sr-only">
          {t('events.rsvp.seriesHelp')}
        </span>
      )}
    </Stack>
  );
}
