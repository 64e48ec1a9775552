import { Button, Stat } from '@chakra-ui/react';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../lib/format';
import { DeclarePaymentDialog } from './declare-payment-dialog';
import type { Books } from './types';

/*
 * The member's own money as the Overview's status and the Payments section's statement both show
 * it: what they paid this year and what they declared that waits for an officer (the ledger's
 * summary, books.own), and the button that declares a payment.
 */

/** Paid this year, then waiting for confirmation: two stats for the caller's grid (`testId`-paid, `testId`-pending). */
export function OwnTotals({ books, testId }: { books: Books; testId: 'my' | 'own' }) {
  const { t } = useTranslation();
  return (
    <>
      <Stat.Root data-testid={`${testId}-paid`}>
        <Stat.Label>{t('finances.summary.paidThisYear', { year: books.year })}</Stat.Label>
        <Stat.ValueText fontSize="2xl">{formatAmount(books.own.paidThisYear, books.currency)}</Stat.ValueText>
      </Stat.Root>
      <Stat.Root data-testid={`${testId}-pending`}>
        <Stat.Label>{t('finances.summary.ownPending')}</Stat.Label>
        <Stat.ValueText fontSize="2xl">{formatAmount(books.own.pending, books.currency)}</Stat.ValueText>
      </Stat.Root>
    </>
  );
}

/** Declaring a payment of one's own, for an officer to confirm (never the declarer). */
export function DeclareButton({ communityId, books, label }: { communityId: number; books: Books; label: string }) {
  return (
    <DeclarePaymentDialog
      communityId={communityId}
      currency={books.currency}
      trigger={
        <Button size="sm" colorPalette="brand">
          <Wallet aria-hidden /> {label}
        </Button>
      }
    />
  );
}
