import { Badge, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Download, MessageSquareText } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Currency } from '@shared/money';
import { formatDate, formatAmount } from '../../lib/format';
import { ProofLink } from './proof-picker';
import { receiptUrl } from './queries';
import { METHOD_KEY, PURPOSE_KEY, STATUS_COLOR, PAYMENT_STATUS_KEY } from './labels';
import type { Payment } from './types';

/**
 * One payment as a list item: amount, purpose and method, its status, receipt number or reason, and
 * a confirmed one's receipt as a PDF download; `who` and `actions` for the officers' lists.
 */
export function PaymentRow({ payment: p, currency, who, actions, testId }: { payment: Payment; currency: Currency; who?: string; actions?: ReactNode; testId: string }) {
  const { t } = useTranslation();
  const method = t(METHOD_KEY[p.method]);
  return (
    <Stack as="li" gap="2" py="3" data-testid={testId} direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          {who && <Text fontWeight="semibold">{who}</Text>}
          <Text fontWeight="semibold">{formatAmount(p.amount, currency)}</Text>
          <Badge colorPalette={STATUS_COLOR[p.status]}>{t(PAYMENT_STATUS_KEY[p.status])}</Badge>
          {p.imported && (
            <Badge variant="outline" colorPalette="purple">
              {t('imports.badge')}
            </Badge>
          )}
          {p.receiptNo !== null && (
            <Badge variant="outline" colorPalette="green">
              {t('finances.statement.receipt', { number: p.receiptNo })}
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {[t(PURPOSE_KEY[p.purpose]), p.provider ? `${method} (${p.provider})` : method, p.reference, formatDate(p.createdAt, { style: 'short' })].filter(Boolean).join(' · ')}
        </Text>
        {p.transactionId && (
          <Text fontSize="sm" data-testid="payment-transaction">
            {t('collecting.sms.transaction', { id: p.transactionId })}
          </Text>
        )}
        {p.note && <Text fontSize="sm">{p.note}</Text>}
        {p.smsText && <PastedText text={p.smsText} who={who} />}
        {p.status === 'rejected' && p.reason && (
          <Text fontSize="sm" color="red.fg">
            {t('finances.statement.reason', { reason: p.reason })}
          </Text>
        )}
        {/* A reversed payment keeps its receipt number (numbers have no gaps) but no longer offers the receipt. */}
        {p.status === 'reversed' && (
          <Text fontSize="sm" color="fg.muted">
            {p.reason ? t('finances.statement.reversedReason', { reason: p.reason }) : t('finances.statement.reversed')}
          </Text>
        )}
        {p.status === 'confirmed' && p.receiptNo !== null && (
          <Link
            href={receiptUrl(p.id)}
            download
            fontSize="sm"
            color="brand.fg"
            alignSelf="flex-start"
            aria-label={who ? t('finances.receipts.downloadOf', { number: p.receiptNo, name: who }) : t('finances.receipts.downloadLabel', { number: p.receiptNo })}
          >
            <Download size={14} aria-hidden /> {t('finances.receipts.download')}
          </Link>
        )}
        {p.proofUrl && (
          <ProofLink
            url={p.proofUrl}
            label={who ? t('finances.proof.viewOf', { name: who }) : t('finances.proof.view')}
            pdfLabel={who ? t('finances.proof.viewPdfOf', { name: who }) : t('finances.proof.viewPdf')}
          />
        )}
      </Stack>
      {actions}
    </Stack>
  );
}

/** The confirmation text the member pasted, on demand (it is long, and most rows are checked by their transaction id). */
function PastedText({ text, who }: { text: string; who?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="1" alignItems="flex-start">
      <Button size="xs" variant="ghost" aria-expanded={open} onClick={() => setOpen(!open)} aria-label={who ? t(open ? 'collecting.sms.hideOf' : 'collecting.sms.showOf', { name: who }) : undefined}>
        <MessageSquareText aria-hidden /> {t(open ? 'collecting.sms.hide' : 'collecting.sms.show')}
      </Button>
      {open && (
        <Text fontSize="sm" fontFamily="mono" whiteSpace="pre-wrap" wordBreak="break-word" bg="bg.muted" p="2" rounded="md" data-testid="payment-sms">
          {text}
        </Text>
      )}
    </Stack>
  );
}
