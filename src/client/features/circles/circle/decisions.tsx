import { Button, HStack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Check, HandHeart, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FinanceReasonDialog } from '../../finances/dialog-forms';
import { trpc } from '../../../trpc';
import { useCircleAction } from './model';

/*
 * The buttons of a decision on a member's money, the same whoever decides (the organiser, or the
 * community's finance officers on the organiser's own): a contribution confirmed or rejected with
 * a reason, a fine marked paid or waived with a reason. `id` is the contribution's or the fine's,
 * `officer` whether a finance officer decides (their own procedures); `name` and `round` name the
 * row for a screen reader.
 */

type Decision = { id: number; officer?: boolean; name: string; round: number; amount: string };

export function ContributionDecision(props: Decision) {
  const { t } = useTranslation();
  const { id, name, round, amount } = props;
  const run = useCircleAction();
  const confirm = useMutation((props.officer ? trpc.njangi.officerConfirmContribution : trpc.njangi.confirmContribution).mutationOptions());
  const reject = useMutation((props.officer ? trpc.njangi.officerRejectContribution : trpc.njangi.rejectContribution).mutationOptions());
  const failed = t('circle.queue.failed');
  const onConfirm = () => void run(() => confirm.mutateAsync({ id }), t('circle.queue.confirmed'), failed, (r) => t('circle.queue.confirmedBody', { name, round, number: r.receiptNo ?? 0 }));
  return (
    <HStack gap="2" flexShrink={0} flexWrap="wrap">
      <Button size="sm" colorPalette="brand" loading={confirm.isPending} aria-label={t('circle.queue.confirmLabel', { name, round })} onClick={onConfirm}>
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
        onSubmit={(reason) => run(() => reject.mutateAsync({ id, reason }), t('circle.queue.rejected'), failed)}
      />
    </HStack>
  );
}

export function FineDecision(props: Decision) {
  const { t } = useTranslation();
  const { id, name, round, amount } = props;
  const run = useCircleAction();
  const paid = useMutation((props.officer ? trpc.njangi.officerMarkFinePaid : trpc.njangi.markFinePaid).mutationOptions());
  const waive = useMutation((props.officer ? trpc.njangi.officerWaiveFine : trpc.njangi.waiveFine).mutationOptions());
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
        onConfirm={() => run(() => paid.mutateAsync({ id }), t('circle.fines.paidDone'), t('circle.fines.failed'))}
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
        onSubmit={(reason) => run(() => waive.mutateAsync({ id, reason }), t('circle.fines.waivedDone'), t('circle.fines.failed'))}
      />
    </HStack>
  );
}
