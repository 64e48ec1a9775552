import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, Download, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FinanceReasonDialog } from '../../finances/dialog-forms';
import { ProofLink } from '../../finances/proof-picker';
import { trpcClient } from '../../../trpc';
import { useCircleAction } from './model';

/** What a payout and a top-up the viewer received have alike. */
type Received = { status: string; receiptNo: number | null; disputeReason: string | null; proofUrl: string | null };

/**
 * One sum of money the viewer received (a payout, a top-up): its line, status and receipt number,
 * how it was paid (`details`), then "please confirm", the dispute's reason, the proof and, once
 * confirmed, the receipt's download; "Confirm" and "Not received" (with a reason) while it waits
 * on the viewer. Only the beneficiary confirms or disputes.
 */
export function ReceivedRow(props: {
  item: Received;
  testId: string;
  round: number;
  line: string;
  badge: ReactNode;
  details: ReactNode;
  receipt: { url: string; label: string };
  /** The payout's or the top-up's id, `amount` its sum as the dispute's words say it. */
  id: number;
  topUp?: boolean;
  amount: string;
}) {
  const { t } = useTranslation();
  const x = props.item;
  const { id, amount, round } = props;
  const run = useCircleAction();
  const { njangi } = trpcClient;
  // Either procedure's answer is only waited for.
  const confirm = useMutation({ mutationFn: async (input: { id: number }): Promise<void> => void (await (props.topUp ? njangi.confirmTopUp : njangi.confirmReceipt).mutate(input)) });
  const dispute = useMutation({ mutationFn: async (input: { id: number; reason: string }): Promise<void> => void (await (props.topUp ? njangi.disputeTopUp : njangi.disputePayout).mutate(input)) });
  const failed = t('circle.received.failed');
  return (
    <Stack as="li" py="3" gap="3" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }} data-testid={props.testId} data-round={props.round}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{props.line}</Text>
          {props.badge}
          {x.receiptNo !== null && (
            <Badge variant="outline" colorPalette="green">
              {t('circle.receipts.number', { number: x.receiptNo })}
            </Badge>
          )}
        </HStack>
        {props.details}
        {x.status === 'recorded' && <Text fontSize="sm">{t('circle.received.askConfirm')}</Text>}
        {x.status === 'disputed' && x.disputeReason && (
          <Text fontSize="sm" color="red.fg">
            {t('circle.received.disputed', { reason: x.disputeReason })}
          </Text>
        )}
        {x.proofUrl && <ProofLink url={x.proofUrl} label={t('circle.received.proof')} pdfLabel={t('circle.received.proofPdf')} />}
        {x.status === 'confirmed' && x.receiptNo !== null && (
          <Link href={props.receipt.url} download fontSize="sm" color="brand.fg" alignSelf="flex-start" aria-label={props.receipt.label}>
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
            onClick={() => void run(() => confirm.mutateAsync({ id }), t('circle.received.confirmed'), failed, t('circle.received.confirmedBody'))}
          >
            <Check aria-hidden /> {t('circle.received.confirm')}
          </Button>
          {x.status === 'recorded' && (
            <FinanceReasonDialog
              title={t(props.topUp ? 'circle.received.topUpDisputeTitle' : 'circle.received.disputeTitle')}
              trigger={
                <Button size="sm" variant="outline" colorPalette="red">
                  <X aria-hidden /> {t('circle.received.dispute')}
                </Button>
              }
              intro={t(props.topUp ? 'circle.received.topUpDisputeBody' : 'circle.received.disputeBody', { amount, round })}
              helper={t('circle.received.disputeHelp')}
              submitLabel={t('circle.received.disputeSubmit')}
              onSubmit={(reason) => run(() => dispute.mutateAsync({ id, reason }), t('circle.received.disputedDone'), failed)}
            />
          )}
        </HStack>
      )}
    </Stack>
  );
}
