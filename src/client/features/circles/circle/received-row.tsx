import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Check, Download, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FinanceReasonDialog } from '../../finances/dialog-forms';
import { ProofLink } from '../../finances/proof-picker';

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
  onConfirm: () => void;
  confirming: boolean;
  dispute: { title: string; intro: string; busy: boolean; onSubmit: (reason: string) => Promise<boolean> };
}) {
  const { t } = useTranslation();
  const x = props.item;
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
          <Button size="sm" colorPalette="brand" loading={props.confirming} onClick={props.onConfirm}>
            <Check aria-hidden /> {t('circle.received.confirm')}
          </Button>
          {x.status === 'recorded' && (
            <FinanceReasonDialog
              title={props.dispute.title}
              trigger={
                <Button size="sm" variant="outline" colorPalette="red">
                  <X aria-hidden /> {t('circle.received.dispute')}
                </Button>
              }
              intro={props.dispute.intro}
              helper={t('circle.received.disputeHelp')}
              submitLabel={t('circle.received.disputeSubmit')}
              onSubmit={props.dispute.onSubmit}
            />
          )}
        </HStack>
      )}
    </Stack>
  );
}
