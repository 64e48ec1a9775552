import { Button, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { settleRound } from '@shared/njangi/money';
import type { Currency } from '@shared/money';
import { FormField } from '../../../components/form-field';
import { formatDateTime, formatAmount } from '../../../lib/format';
import { useZodForm } from '../../../lib/use-zod-form';
import { trpc } from '../../../trpc';
import { amountText, MoneyInput } from '../../finances/money-input';
import { useCircleAction, type Detail, type Hand } from './model';
import { RuledList } from '../../../components/rows';
import { SectionCard } from '../../../components/section-card';
import { EmptyNote } from '../../../components/empty-state';
import { Select } from '../../../components/select';

/**
 * Auction circles: the next open round goes to the hand that accepts the largest discount, shared
 * among the other hands. The viewer bids with their hands still eligible (not yet paid out, not
 * behind; one bid per hand and round); the organiser sees every bid, a member their own.
 */
export function AuctionCard({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const round = d.rounds.find((r) => r.id === d.nextRoundId);
  if (!round) return null;
  const pot = c.hands * c.contribution;
  const fee = settleRound({ hands: c.hands, contribution: c.contribution, feeBps: c.feeBps, fines: 0, discount: 0, carryIn: 0, lastRound: false }).fee;
  const max = pot - fee;
  const bidHands = new Set(d.bids.map((b) => b.handId));
  const mine = d.hands.filter((h) => d.viewer.handIds.includes(h.id));
  const eligible = mine.filter((h) => !h.received && !h.behind && !bidHands.has(h.id));
  const hands = new Map(d.hands.map((h) => [h.id, h]));

  return (
    <SectionCard id="circle-auction" title={t('circle.auction.title', { round: round.number })} intro={t('circle.auction.intro')} bodyGap="4">
      <DataList.Root orientation="horizontal" size="sm">
        <DataList.Item>
          <DataList.ItemLabel>{t('circle.auction.pot')}</DataList.ItemLabel>
          <DataList.ItemValue>{formatAmount(pot, c.currency)}</DataList.ItemValue>
        </DataList.Item>
        <DataList.Item>
          <DataList.ItemLabel>{t('circle.auction.max')}</DataList.ItemLabel>
          <DataList.ItemValue>{formatAmount(max, c.currency)}</DataList.ItemValue>
        </DataList.Item>
      </DataList.Root>
      {eligible.length > 0 ? (
        <BidForm roundId={round.id} hands={eligible} currency={c.currency as Currency} max={max} />
      ) : (
        mine.length > 0 && (
          <Text color="fg.muted">
            {mine.some((h) => bidHands.has(h.id)) ? t('circle.auction.allBid') : mine.some((h) => h.behind && !h.received) ? t('circle.auction.behind') : t('circle.auction.noHand')}
          </Text>
        )
      )}
      <Stack gap="2">
        <Text fontWeight="medium">{d.viewer.isOrganiser ? t('circle.auction.bids') : t('circle.auction.yourBids')}</Text>
        {d.bids.length === 0 ? (
          <EmptyNote icon={<Gavel />}>{t('circle.auction.empty')}</EmptyNote>
        ) : (
          <RuledList as="ol">
            {d.bids.map((b) => {
              const h = hands.get(b.handId);
              return (
                <HStack as="li" key={b.id} py="2" justify="space-between" flexWrap="wrap" gap="2" data-testid="circle-bid">
                  <Text overflowWrap="anywhere">{t('circle.cash.handOption', { hand: h?.handNo ?? 0, name: h?.name ?? '' })}</Text>
                  <HStack gap="3">
                    <Text fontWeight="semibold">{formatAmount(b.discount, c.currency)}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      {formatDateTime(b.createdAt)}
                    </Text>
                  </HStack>
                </HStack>
              );
            })}
          </RuledList>
        )}
      </Stack>
    </SectionCard>
  );
}

function BidForm({ roundId, hands, currency, max }: { roundId: number; hands: Hand[]; currency: Currency; max: number }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const bid = useMutation(trpc.njangi.bid.mutationOptions());
  const schema = z.object({
    handId: z.coerce.number({ message: 'validation.njangi.handId' }).int('validation.njangi.handId').positive('validation.njangi.handId'),
    discount: amountText(currency).refine((n) => n <= max, 'errors.njangi.discountTooLarge'),
  });
  const form = useZodForm(schema, { handId: String(hands[0]!.id), discount: '' });

  const onSubmit = form.submit(t('circle.form.invalid'), async (v) => {
    const ok = await run(() => bid.mutateAsync({ id: roundId, handId: v.handId, discount: v.discount }), t('circle.auction.placed'), t('circle.auction.failed'), undefined, form.applyServerError);
    if (ok) form.setValues({ handId: String(hands[0]!.id), discount: '' });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="3" direction={{ base: 'column', md: 'row' }} align={{ base: 'stretch', md: 'flex-end' }}>
        {hands.length > 1 && (
          <FormField name="handId" label={t('circle.auction.hand')} error={form.errors.handId}>
            <Select {...form.field('handId')} options={hands.map((h) => ({ value: String(h.id), label: t('circle.hand', { number: h.handNo }) }))} />
          </FormField>
        )}
        <FormField name="discount" label={t('circle.auction.discount')} error={form.errors.discount} helper={t('circle.auction.discountHelp', { max: formatAmount(max, currency) })} required>
          <MoneyInput currency={currency} {...form.field('discount')} />
        </FormField>
        <Button type="submit" colorPalette="brand" loading={bid.isPending} loadingText={t('circle.saving')} flexShrink={0}>
          {t('circle.auction.submit')}
        </Button>
      </Stack>
    </form>
  );
}
