import { Button, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../../trpc';
import { FinanceReasonDialog } from '../../finances/dialog-forms';
import { useCircleAction, type Circle } from './model';
import { SectionCard } from '../../../components/section-card';

/** The organiser ends the circle before its last payout, saying why; it cannot be undone. */
export function CancelCircle({ circle: c }: { circle: Circle }) {
  const { t } = useTranslation();
  const run = useCircleAction();
  const cancel = useMutation(trpc.njangi.cancel.mutationOptions());
  return (
    <SectionCard id="circle-cancel" title={t('circle.cancel.title')} bodyGap="3" borderColor="red.muted">
      <Text color="fg.muted">{c.status === 'active' ? t('circle.cancel.introActive') : t('circle.cancel.introRecruiting')}</Text>
      <FinanceReasonDialog
        title={t('circle.cancel.dialogTitle', { circle: c.name })}
        trigger={
          <Button variant="outline" colorPalette="red" alignSelf="flex-start">
            <Ban aria-hidden /> {t('circle.cancel.open')}
          </Button>
        }
        intro={t('circle.cancel.body')}
        helper={t('circle.cancel.reasonHelp')}
        submitLabel={t('circle.cancel.submit')}
        onSubmit={(reason) => run(() => cancel.mutateAsync({ id: c.id, reason }), t('circle.cancel.done'), t('circle.cancel.failed'))}
      />
    </SectionCard>
  );
}
