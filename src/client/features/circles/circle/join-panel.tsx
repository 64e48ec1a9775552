import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { LogOut, UserPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { trpc } from '../../../trpc';
import { useCircleAction, type Detail } from './model';
import { SectionCard } from '../../../components/section-card';

/**
 * While the circle recruits: ask to join with a number of hands, change it while the request
 * waits, or leave. The organiser is a member from the start and changes their own hands here.
 */
export function JoinPanel({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const v = d.viewer;
  const run = useCircleAction();
  const join = useMutation(trpc.njangi.join.mutationOptions());
  const leave = useMutation(trpc.njangi.leave.mutationOptions());
  const member = v.status === 'pending' || v.status === 'approved';
  const [hands, setHands] = useState(String(member ? v.requestedHands : 1));
  const free = c.hands - d.filledHands;
  // The organiser's hands count at once: they may take what is free plus what they hold.
  const max = v.isOrganiser ? Math.min(c.maxHandsPerMember, free + v.requestedHands) : c.maxHandsPerMember;

  const status = v.isOrganiser
    ? t('circle.join.organiserHolds', { count: v.requestedHands })
    : v.status === 'approved'
      ? t('circle.join.approved', { count: v.requestedHands })
      : v.status === 'pending'
        ? t('circle.join.pending', { count: v.requestedHands })
        : v.status === 'declined'
          ? t('circle.join.declined')
          : t('circle.join.invite');

  const ask = () =>
    run(
      () => join.mutateAsync({ id: c.id, hands: Number(hands) }),
      v.isOrganiser ? t('circle.join.handsChanged') : v.status === 'pending' ? t('circle.join.requestChanged') : t('circle.join.asked'),
      t('circle.join.failed'),
      v.isOrganiser ? undefined : t('circle.join.askedBody'),
    );

  const label = v.isOrganiser || v.status === 'pending' ? t('circle.join.change') : t('circle.join.ask');
  // Changing a request or the organiser's hands only means something when more than one is allowed.
  const canAsk = v.isOrganiser || v.status === 'pending' ? max > 1 : v.status !== 'approved';
  return (
    <SectionCard id="circle-join" title={t('circle.join.title')} bodyGap="4" testId="join-panel">
      <Text data-testid="join-status">{status}</Text>
      {!v.isOrganiser && !member && free <= 0 && (
        <Text fontSize="sm" color="fg.muted">
          {t('circle.join.full')}
        </Text>
      )}
      <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ base: 'stretch', sm: 'flex-end' }} flexWrap="wrap">
        {canAsk && max > 1 && (
          <Field.Root width={{ base: 'full', sm: 'auto' }}>
            <Field.Label>{t('circle.join.hands')}</Field.Label>
            <NativeSelect.Root size="md" width={{ base: 'full', sm: '40' }}>
              <NativeSelect.Field value={hands} onChange={(e) => setHands(e.target.value)}>
                {Array.from({ length: max }, (_, i) => (
                  <option key={i + 1} value={String(i + 1)}>
                    {t('circle.members.hands', { count: i + 1 })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('circle.join.handsHelp', { max: c.maxHandsPerMember })}</Field.HelperText>
          </Field.Root>
        )}
        <HStack gap="2" flexWrap="wrap">
          {canAsk && (
            <Button colorPalette="brand" onClick={() => void ask()} loading={join.isPending} loadingText={t('circle.saving')}>
              <UserPlus aria-hidden /> {label}
            </Button>
          )}
          {member && !v.isOrganiser && (
            <ConfirmDialog
              trigger={
                <Button variant="outline" colorPalette="red">
                  <LogOut aria-hidden /> {v.status === 'pending' ? t('circle.join.withdraw') : t('circle.join.leave')}
                </Button>
              }
              title={t('circle.join.leaveTitle')}
              description={t('circle.join.leaveBody', { circle: c.name })}
              confirmLabel={v.status === 'pending' ? t('circle.join.withdraw') : t('circle.join.leave')}
              onConfirm={() => run(() => leave.mutateAsync({ id: c.id }), t('circle.join.left'), t('circle.join.leaveFailed'))}
            />
          )}
        </HStack>
      </Stack>
    </SectionCard>
  );
}
