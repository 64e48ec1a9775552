import { Badge, Box, Button, chakra, Checkbox, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RsvpStatus } from '@shared/events/rules';
import { formDialog } from '../../../components/form-dialog';
import { trpc } from '../../../trpc';
import type { EventDetail } from '../event-types';
import type { Attendee } from './attendees-card';
import { MemberPicker } from './member-picker';
import { STATUS_COLOR, STATUS_KEY } from './rsvp-status';
import { useEventAction } from './use-event-action';
import { DialogForm } from '../../../components/dialog-form';

type Row = { userId: string; name: string; status: RsvpStatus | null };

/** After the start, the hosts tick who came (anyone who answered, and members who came without answering). */
export const AttendanceDialog = formDialog(AttendanceForm, (t) => t('event.attendance.title'), { base: 'full', sm: 'lg' });

function AttendanceForm({ event: e, attendees, onDone }: { event: EventDetail; attendees: readonly Attendee[]; onDone: () => void }) {
  const { t } = useTranslation();
  const run = useEventAction();
  const mark = useMutation(trpc.events.markAttendance.mutationOptions());
  const [rows, setRows] = useState<Row[]>(() => attendees.map((a) => ({ userId: a.userId, name: a.name, status: a.status })));
  const [came, setCame] = useState<Set<string>>(() => new Set(attendees.filter((a) => a.attended === true).map((a) => a.userId)));
  const [other, setOther] = useState<{ userId: string; name: string }>({ userId: '', name: '' });

  const set = (userId: string, on: boolean) =>
    setCame((prev) => {
      const next = new Set(prev);
      if (on) next.add(userId);
      else next.delete(userId);
      return next;
    });

  function addOther() {
    if (!other.userId) return;
    setRows((r) => [...r, { userId: other.userId, name: other.name, status: null }]);
    set(other.userId, true);
    setOther({ userId: '', name: '' });
  }

  async function onSubmit(ev: React.FormEvent) {
    ev.preventDefault();
    if (!rows.length) return;
    const ok = await run(
      () => mark.mutateAsync({ id: e.id, entries: rows.map((r) => ({ userId: r.userId, attended: came.has(r.userId) })) }),
      t('event.attendance.failed'),
      (r) => ({ title: t('event.attendance.done'), body: t('event.attendance.doneBody', { count: r.attended }) }),
    );
    if (ok) onDone();
  }

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={t('event.attendance.save')}
      busy={mark.isPending}
      busyLabel={t('event.saving')}
      disabled={!rows.length}
      testId="attendance-form"
      submitTestId="attendance-save"
    >
      <Text>{t('event.attendance.intro')}</Text>
      {rows.length === 0 ? (
        <Text color="fg.muted">{t('event.attendance.empty')}</Text>
      ) : (
        // A plain fieldset, not a Field: a Field's context would give every checkbox the same ids.
        <chakra.fieldset border="0" p="0" m="0" minW="0">
          <chakra.legend fontWeight="medium" fontSize="sm" mb="2">
            {t('event.attendance.people')}
          </chakra.legend>
          <HStack gap="2" flexWrap="wrap" mb="3">
            <Button size="xs" variant="outline" type="button" onClick={() => rows.forEach((r) => r.status === 'going' && set(r.userId, true))}>
              {t('event.attendance.allGoing')}
            </Button>
            <Button size="xs" variant="outline" type="button" onClick={() => setCame(new Set())}>
              {t('event.attendance.clear')}
            </Button>
            <Text fontSize="sm" color="fg.muted" aria-live="polite">
              {t('event.attendance.ticked', { count: rows.filter((r) => came.has(r.userId)).length })}
            </Text>
          </HStack>
          <Box maxH={{ base: 'none', sm: '80' }} overflowY="auto" borderWidth="1px" rounded="md" p="3">
            <Stack gap="2.5">
              {rows.map((r) => (
                <Checkbox.Root key={r.userId} checked={came.has(r.userId)} onCheckedChange={(x) => set(r.userId, x.checked === true)} alignItems="flex-start" data-testid="attendance-row">
                  <Checkbox.HiddenInput />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label minW="0">
                    <HStack as="span" gap="2" flexWrap="wrap">
                      <Text as="span" overflowWrap="anywhere">
                        {r.name}
                      </Text>
                      {r.status ? (
                        <Badge size="sm" colorPalette={STATUS_COLOR[r.status]}>
                          {t(STATUS_KEY[r.status])}
                        </Badge>
                      ) : (
                        <Badge size="sm" colorPalette="teal">
                          {t('event.attendees.walkIn')}
                        </Badge>
                      )}
                    </HStack>
                  </Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
          </Box>
        </chakra.fieldset>
      )}
      <Stack gap="2" borderTopWidth="1px" pt="4">
        <Text fontWeight="medium">{t('event.attendance.someoneElse')}</Text>
        <Text fontSize="sm" color="fg.muted">
          {t('event.attendance.someoneElseHelp')}
        </Text>
        <MemberPicker
          communityId={e.communityId}
          name="walkInId"
          label={t('event.addAnswer.member')}
          value={other.userId}
          onChange={(userId, name) => setOther({ userId, name })}
          exclude={new Set(rows.map((r) => r.userId))}
        />
        <Button size="sm" variant="outline" type="button" alignSelf="flex-start" disabled={!other.userId} onClick={addOther} data-testid="attendance-add">
          <Plus aria-hidden /> {t('event.attendance.add')}
        </Button>
      </Stack>
    </DialogForm>
  );
}
