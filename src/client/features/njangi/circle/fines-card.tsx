import { Badge, Button, Card, EmptyState, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, Gavel, HandHeart } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { MessageKey } from '@shared/i18n/catalogue';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FormDialog } from '../../../components/form-dialog';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../trpc';
import { ReasonForm } from '../../finances/dialog-forms';
import { money, ROWS, useCircleAction, type Detail, type Fine } from './shared';

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
  const run = useCircleAction();
  const paid = useMutation(trpc.njangi.markFinePaid.mutationOptions());
  const waive = useMutation(trpc.njangi.waiveFine.mutationOptions());
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
    const amount = money(f.amount, c.currency);
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
        {canSettle && f.status === 'owed' && f.userId === c.organiserId && <Badge colorPalette="purple" flexShrink={0}>{t('circle.own.waits')}</Badge>}
        {canSettle && f.status === 'owed' && f.userId !== c.organiserId && (
          <HStack gap="2" flexShrink={0} flexWrap="wrap">
            <ConfirmDialog
              trigger={
                <Button size="sm" colorPalette="brand" aria-label={t('circle.fines.markPaidLabel', { name, round })}>
                  <Check aria-hidden /> {t('circle.fines.markPaid')}
                </Button>
              }
              title={t('circle.fines.markPaidTitle')}
              description={t('circle.fines.markPaidBody', { name, amount })}
              confirmLabel={t('circle.fines.markPaid')}
              onConfirm={() => run(() => paid.mutateAsync({ id: f.id }), t('circle.fines.paidDone'), t('circle.fines.failed'))}
            />
            <FormDialog
              title={t('circle.fines.waiveTitle')}
              trigger={
                <Button size="sm" variant="outline" aria-label={t('circle.fines.waiveLabel', { name, round })}>
                  <HandHeart aria-hidden /> {t('circle.fines.waive')}
                </Button>
              }
            >
              {(close) => (
                <ReasonForm
                  intro={t('circle.fines.waiveBody', { name, amount })}
                  helper={t('circle.fines.waiveHelp')}
                  submitLabel={t('circle.fines.waiveSubmit')}
                  busy={waive.isPending}
                  onDone={close}
                  onSubmit={(reason) => run(() => waive.mutateAsync({ id: f.id, reason }), t('circle.fines.waivedDone'), t('circle.fines.failed'))}
                />
              )}
            </FormDialog>
          </HStack>
        )}
      </Stack>
    );
  };

  return (
    <Card.Root as="section" aria-labelledby="circle-fines">
      <Card.Header>
        <Card.Title as="h2" id="circle-fines">
          {organiser ? t('circle.fines.title') : t('circle.fines.yours')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        {d.fines.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <Gavel aria-hidden />
              </EmptyState.Indicator>
              <EmptyState.Description>{t('circle.fines.empty')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" css={ROWS}>
            {d.fines.map(row)}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
