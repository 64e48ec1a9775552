import { Badge, Box, Button, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Download, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { DeclareDialog } from './declare-dialog';
import { contributionReceiptUrl } from './queries';
import { type Contribution, type Detail, type Fine, type Hand, type Round } from './model';
import { RuledList } from '../../../components/rows';
import { formatAmount, formatDay } from '../../../lib/format';
import { SectionCard } from '../../../components/section-card';

type RoundState = 'confirmed' | 'pending' | 'late' | 'due';
const STATE_KEY = {
  confirmed: 'circle.mine.state.confirmed',
  pending: 'circle.mine.state.pending',
  late: 'circle.mine.state.late',
  due: 'circle.mine.state.due',
} as const satisfies Record<RoundState, MessageKey>;
const STATE_COLOR: Record<RoundState, string> = { confirmed: 'green', pending: 'orange', late: 'red', due: 'gray' };

/**
 * The viewer's own hands: when each receives, and for every round whether its contribution is
 * due, waiting, confirmed or late, any fine owed, "Pay", and the receipt of a confirmed one.
 * Only the viewer's own contributions and fines reach this screen.
 */
export function MyHands({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const mine = d.hands.filter((h) => d.viewer.handIds.includes(h.id));
  return (
    <SectionCard
      id="circle-my-hands"
      title={t('circle.mine.title', { count: mine.length })}
      intro={t('circle.mine.intro', { amount: formatAmount(d.circle.contribution, d.circle.currency) })}
      bodyGap="6"
    >
      {mine.map((h) => (
        <HandRounds key={h.id} detail={d} hand={h} />
      ))}
    </SectionCard>
  );
}

function HandRounds({ detail: d, hand: h }: { detail: Detail; hand: Hand }) {
  const { t } = useTranslation();
  const c = d.circle;
  const now = Date.now();
  const receives = h.position ? d.rounds.find((r) => r.number === h.position) : undefined;
  const headingId = `hand-${h.id}`;
  // "Pay" is offered for rounds already due and the next one coming, not for every future round.
  const firstUpcoming = d.rounds.find((r) => r.dueAt >= now && !liveOf(d.contributions, h, r));

  return (
    <Box as="section" aria-labelledby={headingId} data-testid="my-hand">
      <HStack gap="2" flexWrap="wrap" mb="2">
        <Heading as="h3" size="md" id={headingId}>
          {t('circle.hand', { number: h.handNo })}
        </Heading>
        {h.received ? (
          <Badge colorPalette="green">{t('circle.mine.received', { round: h.position })}</Badge>
        ) : receives ? (
          <Badge colorPalette="blue">{t('circle.mine.receives', { round: receives.number, date: formatDay(receives.dueDate) })}</Badge>
        ) : (
          <Badge variant="outline">{t('circle.mine.notYet')}</Badge>
        )}
        {h.behind && <Badge colorPalette="red">{t('circle.mine.behind')}</Badge>}
      </HStack>
      <RuledList>
        {d.rounds.map((r) => {
          const contributions = d.contributions.filter((x) => x.handId === h.id && x.roundId === r.id);
          const live = liveOf(d.contributions, h, r);
          const rejected = contributions.filter((x) => x.status === 'rejected').at(-1);
          const fine: Fine | undefined = d.fines.find((f) => f.handId === h.id && f.roundId === r.id);
          const state: RoundState = live ? (live.status === 'confirmed' ? 'confirmed' : 'pending') : now > r.dueAt ? 'late' : 'due';
          const canPay = c.status === 'active' && !live && (state === 'late' || r.id === firstUpcoming?.id);
          return (
            <Stack
              as="li"
              key={r.id}
              py="2"
              gap="2"
              direction={{ base: 'column', sm: 'row' }}
              justify="space-between"
              align={{ base: 'stretch', sm: 'center' }}
              data-testid="my-round"
              data-round={r.number}
            >
              <Stack gap="1" minW="0">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="medium">{t('circle.mine.round', { number: r.number, date: formatDay(r.dueDate) })}</Text>
                  <Badge colorPalette={STATE_COLOR[state]} data-testid="my-round-state">
                    {t(STATE_KEY[state])}
                  </Badge>
                  {live?.late && <Badge colorPalette="orange">{t('circle.mine.paidLate')}</Badge>}
                  {fine?.status === 'owed' && <Badge colorPalette="red">{t('circle.mine.fineOwed', { amount: formatAmount(fine.amount, c.currency) })}</Badge>}
                  {fine && fine.status !== 'owed' && (
                    <Badge variant="outline">{fine.status === 'paid' ? t('circle.mine.finePaid', { amount: formatAmount(fine.amount, c.currency) }) : t('circle.mine.fineWaived')}</Badge>
                  )}
                  {h.position === r.number && <Badge colorPalette="purple">{t('circle.mine.yourPayout')}</Badge>}
                </HStack>
                {!live && rejected?.reason && (
                  <Text fontSize="sm" color="red.fg">
                    {t('circle.mine.rejected', { reason: rejected.reason })}
                  </Text>
                )}
                {live?.status === 'confirmed' && live.receiptNo !== null && (
                  <Link
                    href={contributionReceiptUrl(live.id)}
                    download
                    fontSize="sm"
                    color="brand.fg"
                    alignSelf="flex-start"
                    aria-label={t('circle.receipts.contributionLabel', { number: live.receiptNo, round: r.number })}
                  >
                    <Download size={14} aria-hidden /> {t('circle.receipts.download')}
                  </Link>
                )}
              </Stack>
              {canPay && (
                <DeclareDialog
                  circle={c}
                  hand={h}
                  round={r}
                  trigger={
                    <Button size="sm" colorPalette="brand" flexShrink={0} aria-label={t('circle.pay.openLabel', { round: r.number, hand: h.handNo })}>
                      <Wallet aria-hidden /> {t('circle.pay.open')}
                    </Button>
                  }
                />
              )}
            </Stack>
          );
        })}
      </RuledList>
    </Box>
  );
}

/** The hand's contribution to a round that still counts (pending or confirmed); a rejected one does not. */
function liveOf(contributions: Contribution[], hand: Hand, round: Round) {
  return contributions.find((x) => x.handId === hand.id && x.roundId === round.id && x.status !== 'rejected');
}
