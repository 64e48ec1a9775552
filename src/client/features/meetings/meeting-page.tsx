import { Badge, Button, Heading, HStack, Link as ChakraLink, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ChevronLeft, Smartphone } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PageFrame, PageUnavailable, RecordPage, isRecordId } from '../../components/record-page';
import { SectionCard } from '../../components/section-card';
import { DefinitionList } from '../../components/ui/definition-list';
import { formatAmount } from '../../lib/format';
import { formatEventRange } from '../events/when';
import { AgendaCard } from './agenda-card';
import { AttendanceCard } from './attendance-card';
import { FinesCard } from './fines-card';
import { HostField } from './host-field';
import { meetingQuery, settingsQuery, type MeetingData } from './queries';
import { SettingsCard } from './settings-card';
import { MinutesPanel } from './minutes-panel';
import { ProxiesPanel } from './proxies-panel';
import { VotesPanel } from './votes-panel';

/**
 * A meeting's page: when and where, the host, the quorum (present / needed), the agenda, the
 * caller's own attendance and fine; for those who take attendance, the roster with its fines; for
 * leaders, the agenda editor, the host and the community's meeting rules with the hosting rota.
 * What each sees is the server's decision (meetings.get, .roster); nobody's fine shows to members.
 */
export function MeetingPage({ id }: { id: number }) {
  const { t } = useTranslation();
  const valid = isRecordId(id);
  const q = useQuery({ ...meetingQuery(valid ? id : 0), enabled: valid });
  return (
    <RecordPage
      valid={valid}
      query={q}
      loading={t('meetings.loading')}
      testId="meeting"
      skeleton={
        <Stack gap="4">
          <Skeleton h="40" rounded="lg" />
          <Skeleton h="64" rounded="lg" />
        </Stack>
      }
      failed={t('meetings.loadFailed')}
      retry={t('meetings.tryAgain')}
      notFound={<PageUnavailable title={t('meetings.notFound.title')} body={t('meetings.notFound.body')} back={{ to: '/communities', label: t('meetings.back') }} />}
    >
      {(data) => <MeetingView data={data} />}
    </RecordPage>
  );
}

function MeetingView({ data }: { data: MeetingData }) {
  const { t } = useTranslation();
  const m = data.meeting;
  const cancelled = m.status === 'cancelled';
  return (
    <PageFrame>
      <Stack gap="5" data-testid="meeting-page">
        <Stack gap="2" as="header">
          <ChakraLink asChild color="brand.fg" fontSize="sm">
            <Link to="/community/$id" params={{ id: String(m.communityId) }} search={{ tab: 'meetings' }}>
              <ChevronLeft size={16} aria-hidden /> {t('meetings.back')}
            </Link>
          </ChakraLink>
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere">
            {m.title}
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            {m.generalAssembly && <Badge colorPalette="purple">{t('meetings.generalAssembly')}</Badge>}
            {cancelled && <Badge colorPalette="red">{t('meetings.cancelled')}</Badge>}
            <Badge colorPalette={data.quorum.met ? 'green' : 'orange'} data-testid="meeting-quorum">
              {data.quorum.kind === 'none' ? t('meetings.quorum.none') : t('meetings.quorum.count', { present: data.quorum.present + data.quorum.proxies, needed: data.quorum.needed })}
            </Badge>
          </HStack>
          {data.can.record && !cancelled && (
            <Button asChild size="lg" colorPalette="brand" alignSelf="flex-start">
              {/* The meeting day screen (one hand, offline) is its own route. */}
              <Link to="/meetings/$id/day" params={{ id: String(m.id) }} data-testid="meeting-day-link">
                <Smartphone aria-hidden /> {t('meetings.day')}
              </Link>
            </Button>
          )}
        </Stack>
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" alignItems="start">
          <Summary data={data} />
          <AgendaCard data={data} />
        </SimpleGrid>
        {data.can.record && <AttendanceCard data={data} />}
        {data.can.record && <FinesCard communityId={m.communityId} officer manage={data.can.manage} meetingId={m.id} />}
        <VotesPanel meeting={data} />
        <ProxiesPanel meeting={data} />
        <MinutesPanel meeting={data} />
        {data.can.manage && <SettingsCard communityId={m.communityId} />}
      </Stack>
    </PageFrame>
  );
}

const STATUS_KEY = { present: 'meetings.status.present', late: 'meetings.status.late', absent: 'meetings.status.absent', excused: 'meetings.status.excused' } as const;

function Summary({ data }: { data: MeetingData }) {
  const { t } = useTranslation();
  const m = data.meeting;
  const currency = useQuery(settingsQuery(m.communityId)).data?.currency ?? '';
  const q = data.quorum;
  const rows = [
    { label: t('meetings.when'), value: formatEventRange(m.startsAt, m.endsAt, m.timeZone) },
    { label: t('meetings.where'), value: m.place ?? t('meetings.noPlace') },
    { label: t('meetings.host'), value: data.can.manage ? <HostField data={data} /> : (m.host?.name ?? t('meetings.noHost')) },
    {
      label: t('meetings.quorum.title'),
      value: q.kind === 'none' ? t('meetings.quorum.none') : t(q.met ? 'meetings.quorum.met' : 'meetings.quorum.notMet', { present: q.present, proxies: q.proxies, needed: q.needed }),
    },
    { label: t('meetings.myAttendance'), value: data.myAttendance ? t(STATUS_KEY[data.myAttendance]) : t('meetings.notMarked') },
  ];
  if (data.myFine) rows.push({ label: t('meetings.myFine'), value: `${formatAmount(data.myFine.amount, currency)} · ${t(data.myFine.status === 'waived' ? 'meetings.fines.status.waived' : data.myFine.paid >= data.myFine.amount ? 'meetings.fines.status.paid' : 'meetings.fines.status.owed')}` });
  return (
    <SectionCard id="meeting-summary" title={t('meetings.summary')}>
      <DefinitionList items={rows} />
      {data.myFine && data.myFine.status === 'owed' && data.myFine.paid < data.myFine.amount && (
        <Text fontSize="sm" color="fg.muted">
          {t('meetings.payHint')}
        </Text>
      )}
    </SectionCard>
  );
}
