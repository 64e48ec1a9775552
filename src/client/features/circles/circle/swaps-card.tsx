import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeftRight, Check, X } from 'lucide-react';
import { EmptyNote } from '../../../components/empty-state';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { MessageKey } from '@shared/i18n/catalogue';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormField } from '../../../components/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { trpc } from '../../../trpc';
import { useCircleAction, type Detail, type Hand, type Swap } from './model';
import { RuledList } from '../../../components/rows';
import { formatDay } from '../../../lib/format';
import { SectionCard } from '../../../components/section-card';
import { Select } from '../../../components/select';

const SWAP_STATUS_KEY = {
  requested: 'circle.swaps.status.requested',
  accepted: 'circle.swaps.status.accepted',
  approved: 'circle.swaps.status.approved',
  declined: 'circle.swaps.status.declined',
} as const satisfies Record<Swap['status'], MessageKey>;
const SWAP_STATUS_COLOR: Record<Swap['status'], string> = { requested: 'orange', accepted: 'blue', approved: 'green', declined: 'gray' };

const swapForm = z.object({
  fromHandId: z.coerce.number({ message: 'validation.njangi.handId' }).int('validation.njangi.handId').positive('validation.njangi.handId'),
  toHandId: z.coerce.number({ message: 'circle.swaps.chooseOther' }).int('circle.swaps.chooseOther').positive('circle.swaps.chooseOther'),
});

/**
 * Swapping payout positions (fixed and random circles): the viewer asks to trade one of their
 * hands with another member's, both not yet paid out; the other member accepts or declines, then
 * the organiser approves or declines. Each sees the swaps they are part of; the organiser all.
 */
export function SwapsCard({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const accept = useMutation(trpc.njangi.acceptSwap.mutationOptions());
  const approve = useMutation(trpc.njangi.approveSwap.mutationOptions());
  const decline = useMutation(trpc.njangi.declineSwap.mutationOptions());
  const openRounds = new Map(d.rounds.filter((r) => r.status === 'open').map((r) => [r.number, r]));
  // A hand can trade while it has not received and its round is still open (the server checks again).
  const tradeable = (h: Hand) => !h.received && h.position !== null && openRounds.has(h.position);
  const mine = d.hands.filter((h) => d.viewer.handIds.includes(h.id) && tradeable(h));
  const others = d.hands.filter((h) => !d.viewer.handIds.includes(h.id) && tradeable(h));
  const hands = new Map(d.hands.map((h) => [h.id, h]));
  const describe = (id: number) => {
    const h = hands.get(id);
    return h ? t('circle.swaps.handAt', { hand: h.handNo, name: h.name, round: h.position ?? '—' }) : '';
  };

  if (mine.length === 0 && d.swaps.length === 0 && !d.viewer.isOrganiser) return null;

  const row = (s: Swap) => {
    const incoming = d.viewer.handIds.includes(s.toHandId);
    const from = describe(s.fromHandId);
    const to = describe(s.toHandId);
    const mayAccept = incoming && s.status === 'requested';
    const mayApprove = d.viewer.isOrganiser && s.status === 'accepted';
    const mayDecline = (incoming && s.status === 'requested') || (d.viewer.isOrganiser && (s.status === 'requested' || s.status === 'accepted'));
    return (
      <Stack as="li" key={s.id} py="3" gap="2" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid="circle-swap">
        <Stack gap="1" minW="0">
          <Text overflowWrap="anywhere">{t('circle.swaps.line', { from, to })}</Text>
          <HStack gap="2">
            <Badge colorPalette={SWAP_STATUS_COLOR[s.status]}>{t(SWAP_STATUS_KEY[s.status])}</Badge>
            {incoming && s.status === 'requested' && <Text fontSize="sm">{t('circle.swaps.askedYou')}</Text>}
            {mayApprove && <Text fontSize="sm">{t('circle.swaps.waitsForYou')}</Text>}
          </HStack>
        </Stack>
        {(mayAccept || mayApprove || mayDecline) && (
          <HStack gap="2" flexShrink={0} flexWrap="wrap">
            {mayAccept && (
              <Button
                size="sm"
                colorPalette="brand"
                loading={accept.isPending && accept.variables?.id === s.id}
                onClick={() => void run(() => accept.mutateAsync({ id: s.id }), t('circle.swaps.accepted'), t('circle.swaps.failed'))}
              >
                <Check aria-hidden /> {t('circle.swaps.accept')}
              </Button>
            )}
            {mayApprove && (
              <Button
                size="sm"
                colorPalette="brand"
                loading={approve.isPending && approve.variables?.id === s.id}
                onClick={() => void run(() => approve.mutateAsync({ id: s.id }), t('circle.swaps.approved'), t('circle.swaps.failed'))}
              >
                <Check aria-hidden /> {t('circle.swaps.approve')}
              </Button>
            )}
            {mayDecline && (
              <ConfirmDialog
                trigger={
                  <Button size="sm" variant="outline" colorPalette="red">
                    <X aria-hidden /> {t('circle.swaps.decline')}
                  </Button>
                }
                title={t('circle.swaps.declineTitle')}
                description={t('circle.swaps.declineBody', { from, to })}
                confirmLabel={t('circle.swaps.decline')}
                onConfirm={() => run(() => decline.mutateAsync({ id: s.id }), t('circle.swaps.declined'), t('circle.swaps.failed'))}
              />
            )}
          </HStack>
        )}
      </Stack>
    );
  };

  return (
    <SectionCard id="circle-swaps" title={t('circle.swaps.title')} intro={t('circle.swaps.intro')} bodyGap="4">
      {mine.length > 0 && others.length > 0 && <SwapForm circleId={d.circle.id} mine={mine} others={others} roundDate={(n) => formatDay(openRounds.get(n)?.dueDate ?? '')} />}
      {d.swaps.length === 0 ? <EmptyNote icon={<ArrowLeftRight />}>{t('circle.swaps.empty')}</EmptyNote> : <RuledList>{d.swaps.map(row)}</RuledList>}
    </SectionCard>
  );
}

function SwapForm({ circleId, mine, others, roundDate }: { circleId: number; mine: Hand[]; others: Hand[]; roundDate: (round: number) => string }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const request = useMutation(trpc.njangi.requestSwap.mutationOptions());
  const form = useZodForm(swapForm, { fromHandId: String(mine[0]!.id), toHandId: '' });
  const option = (h: Hand) => t('circle.swaps.option', { hand: h.handNo, name: h.name, round: h.position ?? 0, date: roundDate(h.position ?? 0) });

  const onSubmit = form.submit(t('circle.form.invalid'), async (v) => {
    const ok = await run(
      () => request.mutateAsync({ id: circleId, fromHandId: v.fromHandId, toHandId: v.toHandId }),
      t('circle.swaps.requested'),
      t('circle.swaps.failed'),
      t('circle.swaps.requestedBody'),
      form.applyServerError,
    );
    if (ok) form.setValue('toHandId', '');
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }}>
        <FormField name="fromHandId" label={t('circle.swaps.yourHand')} error={form.errors.fromHandId}>
          <Select
            {...form.field('fromHandId')}
            options={mine.map((h) => ({ value: String(h.id), label: t('circle.swaps.ownOption', { hand: h.handNo, round: h.position ?? 0, date: roundDate(h.position ?? 0) }) }))}
          />
        </FormField>
        <FormField name="toHandId" label={t('circle.swaps.otherHand')} error={form.errors.toHandId} required>
          <Select {...form.field('toHandId')} placeholder={t('circle.swaps.chooseOther')} options={others.map((h) => ({ value: String(h.id), label: option(h) }))} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={request.isPending} loadingText={t('circle.saving')} flexShrink={0}>
          <ArrowLeftRight aria-hidden /> {t('circle.swaps.submit')}
        </Button>
      </Stack>
    </form>
  );
}
