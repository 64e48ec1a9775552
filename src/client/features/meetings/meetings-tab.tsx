import { Badge, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CalendarCheck, Plus, QrCode } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { can } from '@shared/permissions';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { EmptyNote } from '../../components/empty-state';
import { ListStates } from '../../components/list-states';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import type { Community } from '../communities/membership';
import { formatEventRange } from '../events/when';
import { CreateMeetingDialog } from './create-meeting-dialog';
import { FinesCard } from './fines-card';
import { MyCodeDialog } from './my-code-dialog';
import { meetingsQuery, type MeetingSummary } from './queries';

/**
 * A community's meetings, upcoming then past; leaders call new ones. Every member opens their own
 * check-in code here (the secretary scans it at the door) and reads their own fines.
 */
export function MeetingsTab({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const q = useQuery(meetingsQuery(c.id));
  const leader = can(c.role, 'meetings.manage');
  return (
    <Stack gap="5">
      <SectionCard
        id="meetings"
        testId="meetings"
        title={t('meetings.list.title')}
        intro={t('meetings.list.intro')}
        actions={
          <HStack gap="2" flexWrap="wrap">
            <MyCodeDialog communityId={c.id} trigger={<ButtonWithIcon icon={QrCode} variant="outline">{t('meetings.code.open')}</ButtonWithIcon>} />
            {leader && <CreateMeetingDialog communityId={c.id} trigger={<ButtonWithIcon icon={Plus} colorPalette="brand">{t('meetings.create.open')}</ButtonWithIcon>} />}
          </HStack>
        }
      >
        <ListStates
          query={q}
          loading={t('meetings.loading')}
          failed={t('meetings.loadFailed')}
          retry={t('meetings.tryAgain')}
          empty={q.data && q.data.upcoming.length + q.data.past.length === 0 && <EmptyNote icon={<CalendarCheck />}>{t(leader ? 'meetings.list.emptyLeader' : 'meetings.list.empty')}</EmptyNote>}
        >
          {() => (
            <Stack gap="4">
              <MeetingGroup title={t('meetings.list.upcoming')} rows={q.data!.upcoming} />
              <MeetingGroup title={t('meetings.list.past')} rows={q.data!.past} />
            </Stack>
          )}
        </ListStates>
      </SectionCard>
      <FinesCard communityId={c.id} officer={can(c.role, 'meetings.record')} />
    </Stack>
  );
}

function MeetingGroup({ title, rows }: { title: string; rows: MeetingSummary[] }) {
  if (!rows.length) return null;
  return (
    <Stack gap="1">
      <Text as="h3" fontWeight="semibold" fontSize="sm" color="fg.muted">
        {title}
      </Text>
      <RuledList>
        {rows.map((m) => (
          <MeetingRow key={m.id} m={m} />
        ))}
      </RuledList>
    </Stack>
  );
}

function MeetingRow({ m }: { m: MeetingSummary }) {
  const { t } = useTranslation();
  return (
    <LinkBox as="li" py="3" data-testid="meeting-row">
      <Stack gap="0.5">
        <HStack gap="2" flexWrap="wrap">
          <LinkOverlay asChild>
            <Link to="/meetings/$id" params={{ id: String(m.id) }}>
              <Text fontWeight="semibold" overflowWrap="anywhere">
                {m.title}
              </Text>
            </Link>
          </LinkOverlay>
          {m.generalAssembly && <Badge colorPalette="purple">{t('meetings.generalAssembly')}</Badge>}
          {m.status === 'cancelled' && <Badge colorPalette="red">{t('meetings.cancelled')}</Badge>}
        </HStack>
        <Text fontSize="sm" color="fg.muted">
          {formatEventRange(m.startsAt, m.endsAt, m.timeZone)}
          {m.place ? ` · ${m.place}` : ''}
          {m.host ? ` · ${t('meetings.hostedBy', { name: m.host.name })}` : ''}
        </Text>
      </Stack>
    </LinkBox>
  );
}
