import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Hand, Undo2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { dueDates } from '@shared/njangi/schedule';
import { trpc } from '../../../trpc';
import { useSignedInUser } from '../../auth/current-user';
import { useCircleAction, type Detail } from './model';
import { RuledList } from '../../../components/rows';
import { formatDay } from '../../../lib/format';
import { SectionCard } from '../../../components/section-card';

/**
 * Fixed circles whose members choose the order: while recruiting, each approved member picks a
 * free payout position per hand (first come, first served) or gives one back. The picks are public
 * to the circle; positions nobody picked go to the remaining hands in joining order at the start.
 */
export function PositionPicks({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const run = useCircleAction();
  const pick = useMutation(trpc.njangi.pickPosition.mutationOptions());
  const release = useMutation(trpc.njangi.releasePosition.mutationOptions());
  const c = d.circle;
  const picks = new Map(d.picks.map((p) => [p.position, p]));
  const approved = d.viewer.status === 'approved';
  const left = approved ? d.viewer.requestedHands - d.picks.filter((p) => p.userId === me.id).length : 0;
  // The rounds' dates follow from the rules alone, so they can be shown before the circle starts.
  const dates = dueDates(c.startDate, c.frequency, c.hands);

  return (
    <SectionCard id="circle-picks" title={t('circle.picks.title')} intro={t('circle.picks.intro')} bodyGap="3">
      {approved && (
        <Text fontWeight="medium" aria-live="polite" data-testid="picks-left">
          {t('circle.picks.left', { count: Math.max(left, 0) })}
        </Text>
      )}
      <RuledList as="ol">
        {dates.map((date, i) => {
          const position = i + 1;
          const p = picks.get(position);
          const mine = p?.userId === me.id;
          return (
            <HStack as="li" key={position} py="2" gap="3" justify="space-between" flexWrap="wrap" data-testid="pick-position">
              <Stack gap="0.5" minW="0">
                <Text fontWeight="medium">{t('circle.mine.round', { number: position, date: formatDay(date) })}</Text>
                <HStack gap="2" flexWrap="wrap">
                  {p ? <Text overflowWrap="anywhere">{p.name}</Text> : <Text color="fg.muted">{t('circle.picks.free')}</Text>}
                  {mine && (
                    <Badge size="sm" variant="outline">
                      {t('circle.you')}
                    </Badge>
                  )}
                </HStack>
              </Stack>
              {!p && left > 0 && (
                <Button
                  size="sm"
                  colorPalette="brand"
                  loading={pick.isPending && pick.variables?.position === position}
                  aria-label={t('circle.picks.pickLabel', { round: position })}
                  onClick={() => void run(() => pick.mutateAsync({ id: c.id, position }), t('circle.picks.picked', { round: position }), t('circle.picks.failed'))}
                >
                  <Hand aria-hidden /> {t('circle.picks.pick')}
                </Button>
              )}
              {mine && (
                <Button
                  size="sm"
                  variant="outline"
                  loading={release.isPending && release.variables?.position === position}
                  aria-label={t('circle.picks.releaseLabel', { round: position })}
                  onClick={() => void run(() => release.mutateAsync({ id: c.id, position }), t('circle.picks.released', { round: position }), t('circle.picks.failed'))}
                >
                  <Undo2 aria-hidden /> {t('circle.picks.release')}
                </Button>
              )}
            </HStack>
          );
        })}
      </RuledList>
    </SectionCard>
  );
}
