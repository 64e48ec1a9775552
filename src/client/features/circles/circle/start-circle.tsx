import { Alert, Button, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateInZone } from '@shared/njangi/schedule';
import { FormDialog } from '../../../components/form-dialog';
import { trpc } from '../../../trpc';
import { OrderEditor, type Slot } from './order-editor';
import { useCircleAction, type Detail } from './model';
import { formatDay } from '../../../lib/format';
import { DialogForm } from '../../../components/dialog-form';
import { SectionCard } from '../../../components/section-card';

/**
 * The organiser starts the circle once every hand is taken: the membership freezes and the rounds
 * are scheduled. A fixed circle's order is set here (joining order unless moved); a random one is
 * drawn by the server, whose seed's hash is published at once; an auction decides each round.
 */
export function StartCircle({ detail: d }: { detail: Detail }) {
  const { t } = useTranslation();
  const c = d.circle;
  const filled = d.filledHands === c.hands;
  // The server refuses a first due date already past where the circle meets: said before asking.
  const past = c.startDate < dateInZone(Date.now(), c.timeZone);
  return (
    <SectionCard id="circle-start" title={t('circle.start.title')} bodyGap="4">
      <Text>{t('circle.start.firstDue', { date: formatDay(c.startDate, { style: 'full' }) })}</Text>
      {!filled && <Text color="fg.muted">{t('circle.start.notFilled', { filled: d.filledHands, total: c.hands })}</Text>}
      {past && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('circle.start.past')}</Alert.Description>
        </Alert.Root>
      )}
      <FormDialog
        title={t('circle.start.dialogTitle')}
        size={{ base: 'full', md: 'lg' }}
        trigger={
          <Button colorPalette="brand" alignSelf="flex-start" disabled={!filled}>
            <Play aria-hidden /> {t('circle.start.open')}
          </Button>
        }
      >
        {(close) => <StartForm detail={d} onDone={close} />}
      </FormDialog>
    </SectionCard>
  );
}

function StartForm({ detail: d, onDone }: { detail: Detail; onDone: () => void }) {
  const { t } = useTranslation();
  const c = d.circle;
  const run = useCircleAction();
  const start = useMutation(trpc.njangi.start.mutationOptions());
  // Joining order, each member's hands together (as the server numbers the hands).
  const joiningOrder: Slot[] = d.members.flatMap((m) => Array.from({ length: m.hands }, (_, i) => ({ key: `${m.userId}:${i}`, userId: m.userId, name: m.name, nth: i + 1, of: m.hands })));
  const [order, setOrder] = useState(joiningOrder);

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const ok = await run(
      () => start.mutateAsync({ id: c.id, order: c.payoutMethod === 'fixed' && c.orderBy !== 'members' ? order.map((s) => s.userId) : undefined }),
      t('circle.start.done'),
      t('circle.start.failed'),
      c.payoutMethod === 'random' ? t('circle.start.doneRandom') : undefined,
    );
    if (ok) onDone();
  }

  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('circle.start.submit')} busy={start.isPending} busyLabel={t('circle.saving')}>
      <Text>{t('circle.start.intro', { date: formatDay(c.startDate, { style: 'full' }) })}</Text>
      {c.payoutMethod === 'fixed' && c.orderBy === 'members' && <Text color="fg.muted">{t('circle.start.picksBody', { count: d.picks.length, total: c.hands })}</Text>}
      {c.payoutMethod === 'fixed' && c.orderBy !== 'members' && <OrderEditor slots={order} onChange={setOrder} onReset={() => setOrder(joiningOrder)} />}
      {c.payoutMethod === 'random' && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('circle.start.randomTitle')}</Alert.Title>
            <Alert.Description>{t('circle.start.randomBody')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {c.payoutMethod === 'auction' && <Text color="fg.muted">{t('circle.start.auctionBody')}</Text>}
    </DialogForm>
  );
}
