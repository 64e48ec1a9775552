import { Badge, HStack, Stack, Text } from '@chakra-ui/react';
import { Gavel } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { formatDate, formatAmount } from '../../../lib/format';
import { type Detail, type Fine } from './model';
import { RuledList } from '../../../components/rows';
import { FineDecision } from './decisions';
import { SectionCard } from '../../../components/section-card';
import { EmptyNote } from '../../../components/empty-state';

const FINE_STATUS_KEY = { owed: 'circle.fines.status.owed', paid: 'circle.fines.status.paid', waived: 'circle.fines.status.waived' } as const satisfies Record<Fine['status'], MessageKey>;
const FINE_STATUS_COLOR: Record<Fine['status'], string> = { owed: 'red', paid: 'green', waived: 'gray' };

/**
 * Late fines. The organiser sees every fine and marks one paid (it joins the next pot) or waives
 * it with a reason, except their own, which a finance officer settles; a member sees only their
 * own. Hidden from a member who has none.
 */
export function FinesCard({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const organiser = d.viewer.isOrganiser;
  const c = d.circle;
  if (!organiser && d.fines.length === 0) return null;
  if (organiser && d.fines.length === 0 && c.fineKind === 'none') return null;
  const hands = new Map(d.hands.map((h) => [h.id, h]));
  const rounds = new Map(d.rounds.map((r) => [r.id, r]));
  const canSettle = organiser && c.status === 'active';

  const row = (f: Fine) => {
    const hand = hands.get(f.handId);
    const name = hand?.name ?? '';
    const round = rounds.get(f.roundId)?.number ?? 0;
    const amount = formatAmount(f.amount, c.currency);
    return (
      <Stack as="li" key={f.id} gap="2" py="3" data-testid="circle-fine" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            {organiser && (
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {name}
              </Text>
            )}
            <Text fontWeight="semibold">{amount}</Text>
            <Badge colorPalette={FINE_STATUS_COLOR[f.status]}>{t(FINE_STATUS_KEY[f.status])}</Badge>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {[t('circle.queue.what', { round, hand: hand?.handNo ?? 0 }), formatDate(f.createdAt, { style: 'short' })].join(' · ')}
          </Text>
          {f.status === 'waived' && f.reason && (
            <Text fontSize="sm" color="fg.muted">
              {t('circle.fines.waivedBecause', { reason: f.reason })}
            </Text>
          )}
        </Stack>
        {canSettle && f.status === 'owed' && f.userId === c.organiserId && (
          <Badge colorPalette="purple" flexShrink={0}>
            {t('circle.own.waits')}
          </Badge>
        )}
        {canSettle && f.status === 'owed' && f.userId !== c.organiserId && (
          <FineDecision id={f.id} name={name} round={round} amount={amount} />
        )}
      </Stack>
    );
  };

  return (
    <SectionCard id="circle-fines" title={organiser ? t('circle.fines.title') : t('circle.fines.yours')}>
      {d.fines.length === 0 ? <EmptyNote icon={<Gavel />}>{t('circle.fines.empty')}</EmptyNote> : <RuledList>{d.fines.map(row)}</RuledList>}
    </SectionCard>
  );
}
