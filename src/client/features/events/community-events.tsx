import { Box, Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { CalendarPlus, Copy, Plus } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { CreateEventDialog } from './dialogs';
import { NoEvents, PastEvents, UpcomingEvents, ZoneHint } from './events-list';
import { mayManageEvents } from './list-queries';
import { communityCalendarUrl } from './queries';
import { SectionCard } from '../../components/section-card';

/*
 * A community's Events tab: its coming events by day (answerable), its past six months, the
 * hosts' Create Event, and for a public community the address of its public calendar.
 */

export function CommunityEvents({ community: c }: { community: { id: number; name: string; role: string | null; isPublic: boolean } }) {
  const { t } = useTranslation();
  const host = mayManageEvents(c);
  const create = host ? (
    <CreateEventDialog
      communityId={c.id}
      communityName={c.name}
      trigger={
        <Button size="sm" colorPalette="brand" data-testid="community-create-event">
          <Plus aria-hidden /> {t('events.community.create')}
        </Button>
      }
    />
  ) : null;
  const intro = (
    <>
      <Text color="fg.muted" fontSize="sm">
        {t('events.community.intro')}
      </Text>
      <ZoneHint />
    </>
  );
  return (
    <SectionCard id="community-events" title={t('events.community.title')} intro={intro} actions={create} flatOnPhone testId="community-events">
      <Stack gap="10">
        <UpcomingEvents
          source={{ communityId: c.id }}
          showCommunity={false}
          empty={<NoEvents title={t('events.community.emptyTitle')} body={t(host ? 'events.community.emptyHost' : 'events.community.emptyMember')} />}
        />
        <PastEvents source={{ communityId: c.id }} showCommunity={false} headingLevel="h3" />
        {c.isPublic && <PublicCalendar communityId={c.id} />}
      </Stack>
    </SectionCard>
  );
}

/** The public calendar's address, to open or to paste into a calendar app. */
export function PublicCalendar({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const id = useId();
  const url = `${window.location.origin}${communityCalendarUrl(communityId)}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(t('events.community.copied'));
    } catch {
      notify.error(t('events.community.copyFailed'));
    }
  };
  return (
    <Box as="section" aria-labelledby={`${id}-title`} borderWidth="1px" rounded="lg" p="4" data-testid="public-calendar">
      <Stack gap="2">
        <HStack gap="2">
          <CalendarPlus size={18} aria-hidden />
          <Heading as="h3" size="sm" id={`${id}-title`}>
            <Link href={communityCalendarUrl(communityId)} colorPalette="brand" color="brand.fg">
              {t('events.community.subscribe')}
            </Link>
          </Heading>
        </HStack>
        <Text fontSize="sm" color="fg.muted" id={`${id}-help`}>
          {t('events.community.subscribeHelp')}
        </Text>
        <HStack gap="2" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
          <Input
            size="sm"
            readOnly
            value={url}
            aria-label={t('events.community.calendarAddress')}
            aria-describedby={`${id}-help`}
            onFocus={(e) => e.currentTarget.select()}
            minW="0"
            data-testid="public-calendar-url"
          />
          <Button size="sm" variant="outline" onClick={() => void copy()} flexShrink={0}>
            <Copy aria-hidden /> {t('events.community.copy')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
