import { Button, HStack } from '@chakra-ui/react';
import { Check, HandHeart, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FinanceReasonDialog } from '../../finances/dialog-forms';

/*
 * The buttons of a decision on a member's money, the same whoever decides (the organiser, or the
 * community's finance officers on the organiser's own): a contribution confirmed or rejected with
 * a reason, a fine marked paid or waived with a reason. `name` and `round` name the row for a
 * screen reader; the caller runs the change (useCircleAction).
 */

export function ContributionDecision(props: { name: string; round: number; amount: string; confirming: boolean; onConfirm: () => void; onReject: (reason: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const { name, round, amount } = props;
  return (
    <HStack gap="2" flexShrink={0} flexWrap="wrap">
      <Button size="sm" colorPalette="brand" loading={props.confirming} aria-label={t('circle.queue.confirmLabel', { name, round })} onClick={props.onConfirm}>
        <Check aria-hidden /> {t('circle.queue.confirm')}
      </Button>
      <FinanceReasonDialog
        title={t('circle.queue.rejectTitle')}
        trigger={
          <Button size="sm" variant="outline" colorPalette="red" aria-label={t('circle.queue.rejectLabel', { name, round })}>
            <X aria-hidden /> {t('circle.queue.reject')}
          </Button>
        }
        intro={t('circle.queue.rejectBody', { name, amount, round })}
        helper={t('circle.queue.rejectHelp')}
        submitLabel={t('circle.queue.rejectSubmit')}
        onSubmit={props.onReject}
      />
    </HStack>
  );
}

export function FineDecision(props: { name: string; round: number; amount: string; onPaid: () => Promise<unknown>; onWaive: (reason: string) => Promise<boolean> }) {
  const { t } = useTranslation();
  const { name, round, amount } = props;
  return (
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
        onConfirm={props.onPaid}
      />
      <FinanceReasonDialog
        title={t('circle.fines.waiveTitle')}
        trigger={
          <Button size="sm" variant="outline" aria-label={t('circle.fines.waiveLabel', { name, round })}>
            <HandHeart aria-hidden /> {t('circle.fines.waive')}
          </Button>
        }
        intro={t('circle.fines.waiveBody', { name, amount })}
        helper={t('circle.fines.waiveHelp')}
        submitLabel={t('circle.fines.waiveSubmit')}
        onSubmit={props.onWaive}
      />
    </HStack>
  );
}
