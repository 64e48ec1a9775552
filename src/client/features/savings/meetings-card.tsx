import { Badge, Button, HStack, Input, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateInZone } from '@shared/njangi/schedule';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { DialogForm } from '../../components/dialog-form';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { formatDay } from '../../lib/format';
import { trpc } from '../../trpc';
import { DeclareDialog } from './declare-dialog';
import type { Group } from './queries';
import { useSavingsAction } from './use-savings-action';
import { RecordMeetingDialog } from './record-meeting-dialog';

/** Past meetings shown at first (the latest first), with the next one; the rest behind a button. */
const SHOWN = 4;

/**
 * The open cycle's meetings: an officer records each one's money, a member declares their own. A
 * meeting still ahead in the group's calendar takes no money yet (the server refuses it too).
 */
export function MeetingsCard({ g, officer, member }: { g: Group; officer: boolean; member: boolean }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const open = g.cycle?.status === 'open';
  const today = dateInZone(Date.now(), g.timeZone);
  const past = g.meetings.filter((m) => m.date <= today).reverse();
  const next = g.meetings.find((m) => m.date > today);
  const shown = all ? [...g.meetings].reverse() : [...(next ? [next] : []), ...past.slice(0, SHOWN)];
  const hidden = g.meetings.length - shown.length;
  return (
    <SectionCard
      id="savings-meetings"
      testId="savings-meetings"
      title={t('savings.meetings.title')}
      actions={officer && !open && g.status === 'active' && <OpenCycleDialog g={g} trigger={<ButtonWithIcon icon={CalendarPlus} colorPalette="brand">{t('savings.cycle.open')}</ButtonWithIcon>} />}
    >
      {!open || g.meetings.length === 0 ? (
        <Text color="fg.muted">{t('savings.meetings.empty')}</Text>
      ) : (
        <>
          <RuledList>
            {shown.map((m) => {
              const ahead = m.date > today;
              return (
                <ActionRow
                  key={m.id}
                  testId="savings-meeting"
                  actions={
                    ahead ? (
                      <Badge>{t('savings.meetings.ahead')}</Badge>
                    ) : (
                      <>
                        {officer && <RecordMeetingDialog g={g} meeting={m} trigger={<Button size="sm" colorPalette="brand" aria-label={t('savings.meetings.recordLabel', { number: m.number })}>{t('savings.meetings.record')}</Button>} />}
                        {member && <DeclareDialog g={g} meeting={m} trigger={<Button size="sm" variant="outline" aria-label={t('savings.meetings.declareLabel', { number: m.number })}>{t('savings.meetings.declare')}</Button>} />}
                      </>
                    )
                  }
                >
                  <HStack gap="2">
                    <Text fontWeight="medium">{t('savings.meetings.number', { number: m.number })}</Text>
                    <Text color="fg.muted">{formatDay(m.date)}</Text>
                  </HStack>
                </ActionRow>
              );
            })}
          </RuledList>
          {hidden > 0 && (
            <Button size="sm" variant="ghost" alignSelf="flex-start" onClick={() => setAll(true)}>
              {t('savings.meetings.more', { count: hidden })}
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}

const OpenCycleDialog = formDialog(OpenCycleForm, (t) => t('savings.cycle.openTitle'));

function OpenCycleForm({ g, onDone }: { g: Group; onDone: () => void }) {
  const { t } = useTranslation();
  const [startDate, setStartDate] = useState(() => dateInZone(Date.now(), g.timeZone));
  const open = useMutation(trpc.savings.openCycle.mutationOptions());
  const act = useSavingsAction();
  return (
    <DialogForm
      onSubmit={(e) => {
        e.preventDefault();
        void act(() => open.mutateAsync({ id: g.id, startDate }), t('savings.actionFailed'), (r) => t('savings.cycle.opened', { count: r.meetings })).then((ok) => ok && onDone());
      }}
      onCancel={onDone}
      submitLabel={t('savings.cycle.submit')}
      busy={open.isPending}
      testId="open-cycle-form"
    >
      <Text>{t('savings.cycle.openIntro')}</Text>
      <FormField name="startDate" label={t('savings.cycle.startDate')} required>
        <Input id="startDate" type="date" value={startDate} min={dateInZone(Date.now(), g.timeZone)} onChange={(e) => setStartDate(e.target.value)} />
      </FormField>
    </DialogForm>
  );
}
