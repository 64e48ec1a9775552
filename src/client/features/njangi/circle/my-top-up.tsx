import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, Download, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/form-dialog';
import { formatDate } from '../../../lib/format';
import { trpc } from '../../../trpc';
import { ReasonForm } from '../../finances/dialog-forms';
import { ProofLink } from '../../finances/proof-picker';
import { METHOD_KEY } from '../../finances/shared';
import { topUpReceiptUrl } from './queries';
import { money, TOP_UP_STATUS_COLOR, TOP_UP_STATUS_KEY, useCircleAction, type Detail, type Round, type TopUp } from './shared';

/**
 * A top-up owed to the viewer, beneficiary of its round: owed (the organiser, or for the
 * organiser's own hand a finance officer, pays it on), then confirmed or "not received" by the
 * viewer alone, as for a payout; a confirmed one has its receipt.
 */
export function MyTopUpRow({ detail: d, round: r, topUp: x }: { detail: Detail; round: Round; topUp: TopUp }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const confirm = useMutation(trpc.njangi.confirmTopUp.mutationOptions());
  const dispute = useMutation(trpc.njangi.disputeTopUp.mutationOptions());
  const c = d.circle;
  const amount = money(x.amount, c.currency);
  return (
    <Stack as="li" py="3" gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid="my-top-up" data-round={r.number}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{t('circle.received.topUpLine', { amount, round: r.number })}</Text>
          <Badge colorPalette={TOP_UP_STATUS_COLOR[x.status]}>{t(TOP_UP_STATUS_KEY[x.status])}</Badge>
          {x.receiptNo !== null && (
            <Badge variant="outline" colorPalette="green">
              {t('circle.receipts.number', { number: x.receiptNo })}
            </Badge>
          )}
        </HStack>
        {x.status === 'owed' ? (
          <Text fontSize="sm">{x.beneficiaryId === c.organiserId ? t('circle.received.topUpOwedOfficer') : t('circle.received.topUpOwed')}</Text>
        ) : (
          <Text fontSize="sm" color="fg.muted">
            {[x.method ? t(METHOD_KEY[x.method]) : null, x.reference, x.recordedAt ? formatDate(x.recordedAt, { style: 'short' }) : null].filter(Boolean).join(' · ')}
          </Text>
        )}
        {x.status === 'recorded' && <Text fontSize="sm">{t('circle.received.askConfirm')}</Text>}
        {x.status === 'disputed' && x.disputeReason && (
          <Text fontSize="sm" color="red.fg">
            {t('circle.received.disputed', { reason: x.disputeReason })}
          </Text>
        )}
        {x.proofUrl && <ProofLink url={x.proofUrl} label={t('circle.received.proof')} pdfLabel={t('circle.received.proofPdf')} />}
        {x.status === 'confirmed' && x.receiptNo !== null && (
          <Link href={topUpReceiptUrl(x.id)} download fontSize="sm" color="brand.fg" alignSelf="flex-start" aria-label={t('circle.receipts.topUpLabel', { number: x.receiptNo, round: r.number })}>
            <Download size={14} aria-hidden /> {t('circle.receipts.download')}
          </Link>
        )}
      </Stack>
      {(x.status === 'recorded' || x.status === 'disputed') && (
        <HStack gap="2" flexShrink={0} flexWrap="wrap">
          <Button
            size="sm"
            colorPalette="brand"
            loading={confirm.isPending}
            onClick={() => void run(() => confirm.mutateAsync({ id: x.id }), t('circle.received.confirmed'), t('circle.received.failed'), t('circle.received.confirmedBody'))}
          >
            <Check aria-hidden /> {t('circle.received.confirm')}
          </Button>
          {x.status === 'recorded' && (
            <FormDialog
              title={t('circle.received.topUpDisputeTitle')}
              trigger={
                <Button size="sm" variant="outline" colorPalette="red">
                  <X aria-hidden /> {t('circle.received.dispute')}
                </Button>
              }
            >
              {(close) => (
                <ReasonForm
                  intro={t('circle.received.topUpDisputeBody', { amount, round: r.number })}
                  helper={t('circle.received.disputeHelp')}
                  submitLabel={t('circle.received.disputeSubmit')}
                  busy={dispute.isPending}
                  onDone={close}
                  onSubmit={(reason) => run(() => dispute.mutateAsync({ id: x.id, reason }), t('circle.received.disputedDone'), t('circle.received.failed'))}
                />
              )}
            </FormDialog>
          )}
        </HStack>
      )}
    </Stack>
  );
}
