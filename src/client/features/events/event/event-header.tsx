import { Alert, Badge, Box, Button, Heading, HStack, Image, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { Ban, ChevronLeft, Pencil, Repeat, Users } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../../i18n';
import { bannerImage } from '../../../lib/images';
import { EditEventDialog } from '../edit-event-dialog';
import type { EventDetail } from '../event-types';
import { CancelEventDialog } from './cancel-event-dialog';
import { seriesBound, seriesText } from './series-text';
import { hasStarted, isOver } from './use-event-action';

/** The cover, the title, the community, how the event repeats, whether it was cancelled (and why), and the hosts' Edit and Cancel. */
export function EventHeader({ event: e }: { event: EventDetail }) {
  const { t } = useTranslation();
  const cancelled = e.status === 'cancelled';
  // After the host cancels here, Edit and Cancel disappear with the focus they held: it moves to the notice that replaces them.
  const focusNotice = useRef(false);
  const noticeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!cancelled || !focusNotice.current) return;
    focusNotice.current = false;
    const frame = requestAnimationFrame(() => noticeRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [cancelled]);
  const over = isOver(e);
  const happening = !cancelled && !over && hasStarted(e);
  return (
    <Stack gap="4" as="header">
      <HStack gap="4" flexWrap="wrap" fontSize="sm">
        <ChakraLink asChild color="brand.fg">
          <Link to="/events">
            <ChevronLeft size={16} aria-hidden /> {t('event.back')}
          </Link>
        </ChakraLink>
      </HStack>
      {e.coverUrl && (
        <Box aspectRatio={{ base: 2, md: 3 }} maxH="80" w="full" bg="bg.muted" rounded="lg" overflow="hidden">
          {/* Decorative: the title says what the event is. */}
          <Image {...bannerImage(e.coverUrl)} alt="" w="full" h="full" objectFit="cover" data-testid="event-cover" />
        </Box>
      )}
      <Stack direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'flex-start' }} gap="4">
        <Stack gap="2" minW="0">
          <Heading as="h1" size={{ base: '2xl', md: '3xl' }} overflowWrap="anywhere" textDecoration={cancelled ? 'line-through' : undefined} textDecorationThickness="2px">
            {e.title}
          </Heading>
          <HStack gap="2" flexWrap="wrap">
            {cancelled && (
              <Badge colorPalette="red" data-testid="event-status">
                {t('event.badge.cancelled')}
              </Badge>
            )}
            {!cancelled && over && (
              <Badge colorPalette="gray" data-testid="event-status">
                {t('event.badge.ended')}
              </Badge>
            )}
            {happening && (
              <Badge colorPalette="green" data-testid="event-status">
                {t('event.badge.happening')}
              </Badge>
            )}
            <Badge variant="outline">{e.visibility === 'public' ? t('event.badge.public') : t('event.badge.membersOnly')}</Badge>
          </HStack>
          <HStack gap="1.5" color="fg.muted" minW="0" align="flex-start">
            <Box as="span" mt="1" flexShrink={0}>
              <Users size={16} aria-hidden />
            </Box>
            <ChakraLink asChild color="brand.fg" fontWeight="medium" overflowWrap="anywhere">
              <Link to="/community/$id" params={{ id: String(e.community.id) }} data-testid="event-community">
                {e.community.name}
              </Link>
            </ChakraLink>
          </HStack>
          {e.series && <SeriesLine series={e.series} />}
        </Stack>
        {e.canManage && !cancelled && (
          <HStack gap="2" flexWrap="wrap" flexShrink={0} data-testid="event-host-actions">
            <EditEventDialog
              event={e}
              trigger={
                <Button variant="outline" size="sm">
                  <Pencil aria-hidden /> {t('event.edit')}
                </Button>
              }
            />
            {!over && (
              <CancelEventDialog
                event={e}
                onCancelled={() => {
                  focusNotice.current = true;
                }}
                trigger={
                  <Button variant="outline" size="sm" colorPalette="red">
                    <Ban aria-hidden /> {t('event.cancel.open')}
                  </Button>
                }
              />
            )}
          </HStack>
        )}
      </Stack>
      {cancelled && (
        <Alert.Root status="error" ref={noticeRef} tabIndex={-1} outline="none" data-testid="event-cancelled">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('event.cancelled.title')}</Alert.Title>
            {e.cancelReason && (
              <Alert.Description overflowWrap="anywhere" whiteSpace="pre-wrap">
                {t('event.cancelled.reason', { reason: e.cancelReason })}
              </Alert.Description>
            )}
          </Alert.Content>
        </Alert.Root>
      )}
    </Stack>
  );
}

function SeriesLine({ series }: { series: NonNullable<EventDetail['series']> }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const how = seriesText(series, locale);
  const bound = seriesBound(series, locale);
  return (
    <HStack gap="1.5" color="fg.muted" align="flex-start" data-testid="event-series">
      <Box as="span" mt="0.5" flexShrink={0}>
        <Repeat size={16} aria-hidden />
      </Box>
      <Text>
        {t(how.key, how.params)}
        {bound && ` · ${t(bound.key, bound.params)}`}
      </Text>
    </HStack>
  );
}
