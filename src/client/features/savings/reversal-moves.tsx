import { Badge, Button, Stack } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ReasonDialog } from '../../components/reason-dialog';
import { trpc } from '../../trpc';
import { useSavingsAction } from './use-savings-action';

/**
 * What the viewer may do with a reversal one officer proposed: a second officer (never its proposer
 * nor the member) makes it (savings.reverse, step 'make') or declines it, its proposer withdraws it
 * (savings.declineReversal), each with a reason. The server says who may (`mayDecide`, `mayWithdraw`).
 */
export function ReversalMoves({ id, what, mayDecide, mayWithdraw }: { id: number; what: string; mayDecide: boolean; mayWithdraw: boolean }) {
  const { t } = useTranslation();
  const act = useSavingsAction();
  const reverse = useMutation(trpc.savings.reverse.mutationOptions());
  const decline = useMutation(trpc.savings.declineReversal.mutationOptions());
  const failed = t('savings.actionFailed');
  const dialog = (key: string, label: string, ariaLabel: string, title: string, intro: string, onSubmit: (reason: string) => Promise<boolean>, danger = false) => (
    <ReasonDialog
      key={key}
      trigger={
        <Button size="sm" variant={danger ? 'solid' : 'outline'} colorPalette={danger ? 'red' : undefined} aria-label={ariaLabel}>
          {label}
        </Button>
      }
      title={title}
      intro={`${what}. ${intro}`}
      label={t('savings.confirm.reason')}
      required={t('savings.confirm.reasonNeeded')}
      max={300}
      submitLabel={label}
      onSubmit={onSubmit}
    />
  );
  if (!mayDecide && !mayWithdraw) return <Badge>{t('savings.confirm.notYours')}</Badge>;
  return (
    <Stack direction="row" gap="2">
      {mayDecide && dialog('make', t('savings.reverse.make'), t('savings.reverse.makeLabel', { what }), t('savings.reverse.makeTitle'), t('savings.reverse.makeIntro'), (reason) => act(() => reverse.mutateAsync({ id, reason, step: 'make' }), failed, t('savings.reverse.made')), true)}
      {mayDecide && dialog('decline', t('savings.reverse.decline'), t('savings.reverse.declineLabel', { what }), t('savings.reverse.declineTitle'), t('savings.reverse.declineIntro'), (reason) => act(() => decline.mutateAsync({ id, reason }), failed, t('savings.reverse.declined')))}
      {mayWithdraw && dialog('withdraw', t('savings.reverse.withdraw'), t('savings.reverse.withdrawLabel', { what }), t('savings.reverse.withdrawTitle'), t('savings.reverse.declineIntro'), (reason) => act(() => decline.mutateAsync({ id, reason }), failed, t('savings.reverse.withdrawn')))}
    </Stack>
  );
}
