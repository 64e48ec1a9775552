import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Select } from '../../components/select';
import { trpc } from '../../trpc';
import { memberName, useMembers } from '../finances/members';
import type { MeetingData } from './queries';
import { useMeetingsAction } from './use-meetings-action';

/** The leaders name the meeting's host (the rota proposed one when it was called); the new host is told. */
export function HostField({ data }: { data: MeetingData }) {
  const { t } = useTranslation();
  const { members } = useMembers(data.meeting.communityId);
  const setHost = useMutation(trpc.meetings.setHost.mutationOptions());
  const act = useMeetingsAction();
  const host = data.meeting.host;
  // The current host stays listed while the members load (or if they are beyond the first page).
  const options = members.map((m) => ({ value: m.userId, label: memberName(m) }));
  if (host && !options.some((o) => o.value === host.id)) options.unshift({ value: host.id, label: host.name });
  return (
    <Select
      aria-label={t('meetings.host')}
      root={{ size: 'sm', disabled: setHost.isPending || data.meeting.status === 'cancelled' }}
      value={host?.id ?? ''}
      placeholder={t('meetings.noHost')}
      options={options}
      onChange={(e) => void act(() => setHost.mutateAsync({ meetingId: data.meeting.id, userId: e.target.value || null }), t('meetings.actionFailed'), t('meetings.hostSaved'))}
      data-testid="meeting-host"
    />
  );
}
