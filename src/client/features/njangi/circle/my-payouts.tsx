import { Badge, Button, Card, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../trpc';
import { ReasonForm } from '../../finances/dialog-forms';
import { ProofLink } from '../../finances/proof-picker';
import { METHOD_KEY } from '../../finances/shared';
import { useSignedInUser } from '../../auth/current-user';
import { MyTopUpRow } from './my-top-up';
import { payoutReceiptUrl } from './queries';
import { money, PAYOUT_STATUS_COLOR, PAYOUT_STATUS_KEY, ROWS, useCircleAction, type Detail, type Payout, type Round } from './shared';

/**
 * The payouts the viewer received, each followed by its round's top-ups owed to them: only they
 * confirm receipt ("Not received" with a reason tells the community's leaders); a confirmed one
 * has its receipt. Nothing shows until a payout is recorded.
 */
export function MyPayouts({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const me = useSignedInUser();
  const mine = d.rounds.filter((r): r is Round & { payout: Payout } => r.payout !== null && r.payout.beneficiaryId === me.id);
  if (mine.length === 0) return null;
  return (
    <Card.Root as="section" aria-labelledby="circle-my-payouts" borderColor="brand.muted">
      <Card.Header>
        <Card.Title as="h2" id="circle-my-payouts">
          {t('circle.received.title')}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack as="ul" gap="0" listStyleType="none" css={ROWS}>
          {mine.flatMap((r) => [
            <PayoutRow key={r.id} detail={d} round={r} payout={r.payout} />,
            ...r.topUps.filter((x) => x.beneficiaryId === me.id).map((x) => <MyTopUpRow key={`top-up-${x.id}`} detail={d} round={r} topUp={x} />),
          ])}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function PayoutRow({ detail: d, round: r, payout: p }: { detail: Detail; round: Round; payout: Payout }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const confirm = useMutation(trpc.njangi.confirmReceipt.mutationOptions());
  const dispute = useMutation(trpc.njangi.disputePayout.mutationOptions());
  const c = d.circle;
  const amount = money(p.amount, c.currency);
  return (
    <Stack as="li" py="3" gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid="my-payout" data-round={r.number}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{t('circle.received.line', { amount, round: r.number })}</Text>
          <Badge colorPalette={PAYOUT_STATUS_COLOR[p.status]}>{t(PAYOUT_STATUS_KEY[p.status])}</Badge>
          {p.receiptNo !== null && (
            <Badge variant="outline" colorPalette="green">
              {t('circle.receipts.number', { number: p.receiptNo })}
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {[t(METHOD_KEY[p.method]), p.reference, formatDate(p.createdAt, { style: 'short' })].filter(Boolean).join(' · ')}
        </Text>
        {p.status === 'recorded' && <Text fontSize="sm">{t('circle.received.askConfirm')}</Text>}
        {p.status === 'disputed' && p.disputeReason && (
          <Text fontSize="sm" color="red.fg">
            {t('circle.received.disputed', { reason: p.disputeReason })}
          </Text>
        )}
        {p.proofUrl && <ProofLink url={p.proofUrl} label={t('circle.received.proof')} pdfLabel={t('circle.received.proofPdf')} />}
        {p.status === 'confirmed' && p.receiptNo !== null && (
          <Link href={payoutReceiptUrl(p.id)} download fontSize="sm" color="brand.fg" alignSelf="flex-start" aria-label={t('circle.receipts.payoutLabel', { number: p.receiptNo, round: r.number })}>
            <Download size={14} aria-hidden /> {t('circle.receipts.download')}
          </Link>
        )}
      </Stack>
      {(p.status === 'recorded' || p.status === 'disputed') && (
        <HStack gap="2" flexShrink={0} flexWrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            loading={confirm.isPending}
            onClick={() => void run(() => confirm.mutateAsync({ id: p.id }), t('circle.received.confirmed'), t('circle.received.failed'), t('circle.received.confirmedBody'))}
          >
            <Check aria-hidden /> {t('circle.received.confirm')}
          </Button>
          {p.status === 'recorded' && (
            <FormDialog
              title={t('circle.received.disputeTitle')}
              trigger={
                <Button size="sm" variant="outline" colorPalette="red">
                  <X aria-hidden /> {t('circle.received.dispute')}
                </Button>
              }
            >
              {(close) => (
                <ReasonForm
                  intro={t('circle.received.disputeBody', { amount, round: r.number })}
                  helper={t('circle.received.disputeHelp')}
                  submitLabel={t('circle.received.disputeSubmit')}
                  busy={dispute.isPending}
                  onDone={close}
                  onSubmit={(reason) => run(() => dispute.mutateAsync({ id: p.id, reason }), t('circle.received.disputedDone'), t('circle.received.failed'))}
                />
              )}
            </FormDialog>
          )}
        </HStack>
      )}
    </Stack>
  );
}
