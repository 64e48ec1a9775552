import { Badge, Button, Card, EmptyState, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, CircleCheck, HandCoins, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../trpc';
import { ReasonForm } from '../../finances/dialog-forms';
import { ProofLink } from '../../finances/proof-picker';
import { METHOD_KEY } from '../../finances/shared';
import { RecordCashDialog } from './record-cash-dialog';
import { currentLocale } from '../../../i18n';
import { money, ROWS, useCircleAction, type Contribution, type Detail } from './shared';

/**
 * The organiser's queue: contributions members declared, with their proof, to confirm (a receipt
 * number is given) or reject with a reason; and "Record cash" for money handed over at a meeting.
 */
export function ContributionsQueue({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const run = useCircleAction();
  const confirm = useMutation(trpc.njangi.confirmContribution.mutationOptions());
  const reject = useMutation(trpc.njangi.rejectContribution.mutationOptions());
  const pending = d.contributions.filter((x) => x.status === 'pending');
  const officers = d.officers.map((o) => o.name);
  const hands = new Map(d.hands.map((h) => [h.id, h]));
  const rounds = new Map(d.rounds.map((r) => [r.id, r]));

  const row = (x: Contribution) => {
    const hand = hands.get(x.handId);
    const name = hand?.name ?? '';
    const round = rounds.get(x.roundId)?.number ?? 0;
    const amount = money(x.amount, c.currency);
    // The organiser's own: a finance officer decides it, never the organiser.
    const own = x.userId === c.organiserId;
    return (
      <Stack as="li" key={x.id} gap="2" py="3" data-testid="pending-contribution" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
        <Stack gap="1" minW="0">
          <HStack gap="2" flexWrap="wrap">
            <Text fontWeight="semibold" overflowWrap="anywhere">
              {name}
            </Text>
            <Text fontWeight="semibold">{amount}</Text>
            {x.late && <Badge colorPalette="orange">{t('circle.mine.paidLate')}</Badge>}
            {own && <Badge colorPalette="purple">{t('circle.own.waits')}</Badge>}
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {[t('circle.queue.what', { round, hand: hand?.handNo ?? 0 }), t(METHOD_KEY[x.method]), x.reference, formatDate(x.createdAt, { style: 'short' })].filter(Boolean).join(' · ')}
          </Text>
          {x.proofUrl ? (
            <ProofLink url={x.proofUrl} label={t('circle.queue.proofOf', { name })} pdfLabel={t('circle.queue.proofPdfOf', { name })} />
          ) : (
            <Text fontSize="sm" color="fg.muted">
              {t('circle.queue.noProof')}
            </Text>
          )}
        </Stack>
        {!own && (
          <HStack gap="2" flexShrink={0} flexWrap="wrap">
            <Button
              size="sm"
              colorPalette="brand"
              loading={confirm.isPending && confirm.variables?.id === x.id}
              aria-label={t('circle.queue.confirmLabel', { name, round })}
              onClick={() =>
                void run(
                  () => confirm.mutateAsync({ id: x.id }),
                  t('circle.queue.confirmed'),
                  t('circle.queue.failed'),
                  (r) => t('circle.queue.confirmedBody', { name, round, number: r.receiptNo ?? 0 }),
                )
              }
            >
              <Check aria-hidden /> {t('circle.queue.confirm')}
            </Button>
            <FormDialog
              title={t('circle.queue.rejectTitle')}
              trigger={
                <Button size="sm" variant="outline" colorPalette="red" aria-label={t('circle.queue.rejectLabel', { name, round })}>
                  <X aria-hidden /> {t('circle.queue.reject')}
                </Button>
              }
            >
              {(close) => (
                <ReasonForm
                  intro={t('circle.queue.rejectBody', { name, amount, round })}
                  helper={t('circle.queue.rejectHelp')}
                  submitLabel={t('circle.queue.rejectSubmit')}
                  busy={reject.isPending}
                  onDone={close}
                  onSubmit={(reason) => run(() => reject.mutateAsync({ id: x.id, reason }), t('circle.queue.rejected'), t('circle.queue.failed'))}
                />
              )}
            </FormDialog>
          </HStack>
        )}
      </Stack>
    );
  };

  return (
    <Card.Root as="section" aria-labelledby="circle-queue">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap="2">
        <Card.Title as="h2" id="circle-queue">
          {t('circle.queue.title')}
        </Card.Title>
        <RecordCashDialog
          detail={d}
          trigger={
            <Button size="sm" variant="outline">
              <HandCoins aria-hidden /> {t('circle.cash.open')}
            </Button>
          }
        />
      </Card.Header>
      <Card.Body gap="3">
        <Text fontSize="sm" color={officers.length ? 'fg.muted' : 'orange.fg'} data-testid="own-money-officers">
          {officers.length ? t('circle.own.who', { names: new Intl.ListFormat(currentLocale(), { type: 'conjunction' }).format(officers) }) : t('circle.own.nobody')}
        </Text>
        {pending.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <CircleCheck aria-hidden />
              </EmptyState.Indicator>
              <EmptyState.Description>{t('circle.queue.empty')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" css={ROWS}>
            {pending.map(row)}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}
