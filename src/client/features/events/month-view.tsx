import { Box, Button, chakra, Heading, HStack, IconButton, Spinner, Stack, Text } from '@chakra-ui/react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { instantOfLocal } from '@shared/events/time';
import { addDays } from '@shared/njangi/schedule';
import { currentLocale } from '../../i18n';
import type { ListEvent } from './event-badges';
import { addMonths, eventDates, firstDayOfWeek, monthGrid, monthOf, weekdayName, weekHeader } from './calendar-model';
import { EventRow } from './event-row';
import { LoadFailed } from './events-list';
import { MONTH_MAX_PAGES, myMonthQuery } from './list-queries';
import { useAllPages } from './use-all-pages';
import { dayHeading, formatDayHeading, monthTitle, todayIn, viewerTimeZone } from './when';

/*
 * A month of the caller's events (all their communities, or one) in the viewer's zone: a grid of
 * seven narrow columns even on a phone, each day with a dot per event (their titles on wider
 * screens); choosing a day lists its events below with their answer buttons. Arrow keys move
 * between days (and across months), Page Up / Page Down change the month.
 */

const KEY_STEP: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

export function MonthView({ communityId }: { communityId?: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const zone = viewerTimeZone();
  const [now] = useState(() => Date.now());
  const today = todayIn(zone, now);
  const [month, setMonth] = useState(() => monthOf(today));
  const [selected, setSelected] = useState(today);
  const focusDay = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const titleId = useId();

  const span = useMemo(() => ({ from: instantOfLocal(`${month}-01`, '00:00', zone), to: instantOfLocal(`${addMonths(month, 1)}-01`, '00:00', zone) }), [month, zone]);
  const q = useInfiniteQuery(myMonthQuery({ ...span, communityId }));
  const { loading, capped } = useAllPages(q, MONTH_MAX_PAGES);

  const loaded = useMemo(() => (q.data?.pages ?? []).flatMap((p) => p.items), [q.data]);
  const byDate = useMemo(() => {
    const map = new Map<string, ListEvent[]>();
    for (const e of loaded) {
      for (const date of eventDates(e, zone)) map.set(date, [...(map.get(date) ?? []), e]);
    }
    for (const list of map.values()) list.sort((a, b) => a.startsAt - b.startsAt || a.id - b.id);
    return map;
  }, [loaded, zone]);

  const weeks = useMemo(() => monthGrid(month, firstDayOfWeek(locale)), [month, locale]);
  const header = useMemo(() => weekHeader(firstDayOfWeek(locale)), [locale]);

  // After a move by keyboard, the newly chosen day takes the focus (its month may just have rendered).
  useEffect(() => {
    if (!focusDay.current) return;
    focusDay.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${selected}"]`)?.focus();
  }, [selected, month]);

  const goToMonth = (next: string) => {
    setMonth(next);
    setSelected(monthOf(today) === next ? today : `${next}-01`);
  };
  const choose = (date: string, focus = false) => {
    focusDay.current = focus;
    if (monthOf(date) !== month) setMonth(monthOf(date));
    setSelected(date);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key in KEY_STEP) choose(addDays(selected, KEY_STEP[e.key]!), true);
    else if (e.key === 'PageUp' || e.key === 'PageDown') {
      // The same day of the target month, or its last day when it is shorter (31 March → 30 April).
      const next = addMonths(month, e.key === 'PageUp' ? -1 : 1);
      const lastDay = Number(addDays(`${addMonths(next, 1)}-01`, -1).slice(8, 10));
      const day = Math.min(Number(selected.slice(8, 10)), lastDay);
      choose(`${next}-${String(day).padStart(2, '0')}`, true);
    } else if (e.key === 'Home' || e.key === 'End') choose(e.key === 'Home' ? `${month}-01` : addDays(`${addMonths(month, 1)}-01`, -1), true);
    else return;
    e.preventDefault();
  };

  const dayEvents = byDate.get(selected) ?? [];
  // Said by screen readers in place of a pressed state: the date, its events, and whether it is the chosen one.
  const dayLabel = (date: string) => {
    const count = byDate.get(date)?.length ?? 0;
    const label = t(count ? 'events.month.dayEvents' : 'events.month.dayNoEvents', { date: formatDayHeading(date, today), count });
    return date === selected ? t('events.month.daySelected', { label }) : label;
  };
  const selectedInMonth = monthOf(selected) === month;

  return (
    <Stack gap="4" data-testid="month-view" data-month={month}>
      <HStack justify="space-between" gap="2">
        <IconButton size="sm" variant="outline" aria-label={t('events.month.previous')} onClick={() => goToMonth(addMonths(month, -1))} data-testid="month-previous">
          <ChevronLeft aria-hidden />
        </IconButton>
        <HStack gap="2" minW="0">
          <Heading as="h2" size="md" id={titleId} aria-live="polite" textAlign="center" data-testid="month-title">
            {monthTitle(month, locale)}
          </Heading>
          {(q.isFetching || loading) && <Spinner size="xs" color="fg.muted" role="status" aria-label={t('events.month.loading')} />}
        </HStack>
        <HStack gap="2">
          <Button size="sm" variant="ghost" onClick={() => goToMonth(monthOf(today))} disabled={month === monthOf(today)} hideBelow="sm">
            {t('events.month.today')}
          </Button>
          <IconButton size="sm" variant="outline" aria-label={t('events.month.next')} onClick={() => goToMonth(addMonths(month, 1))} data-testid="month-next">
            <ChevronRight aria-hidden />
          </IconButton>
        </HStack>
      </HStack>
      {month !== monthOf(today) && (
        <Button size="xs" variant="ghost" alignSelf="center" onClick={() => goToMonth(monthOf(today))} hideFrom="sm">
          {t('events.month.today')}
        </Button>
      )}

      {capped && (
        <Text fontSize="sm" color="fg.muted" role="note" data-testid="month-capped">
          {t('events.month.capped', { count: loaded.length })}
        </Text>
      )}
      {q.isError && <LoadFailed message={t('events.page.loadFailed')} onRetry={() => void q.refetch()} busy={q.isFetching} />}

      <chakra.table ref={gridRef} w="full" tableLayout="fixed" borderCollapse="separate" borderSpacing="0" aria-labelledby={titleId} aria-busy={q.isPending || loading} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {header.map((d) => (
              <chakra.th key={d} scope="col" fontSize="xs" fontWeight="medium" color="fg.muted" pb="1" textAlign="center" overflow="hidden" whiteSpace="nowrap">
                <abbr title={weekdayName(d, locale)} style={{ textDecoration: 'none' }}>
                  {weekdayName(d, locale, 'short')}
                </abbr>
              </chakra.th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, i) => (
            <tr key={i}>
              {week.map((date, j) => (
                <chakra.td key={date ?? `pad-${j}`} p="0.5" verticalAlign="top">
                  {date && (
                    <DayCell
                      date={date}
                      events={byDate.get(date) ?? []}
                      today={date === today}
                      selected={date === selected}
                      focusable={date === selected || (!selectedInMonth && date === `${month}-01`)}
                      label={dayLabel(date)}
                      onChoose={() => choose(date)}
                    />
                  )}
                </chakra.td>
              ))}
            </tr>
          ))}
        </tbody>
      </chakra.table>

      {selectedInMonth && (
        <Stack as="section" aria-labelledby={`${titleId}-day`} gap="2" data-testid="month-day-events">
          <Heading as="h3" size="sm" id={`${titleId}-day`}>
            {dayHeading(t, selected, today)}
          </Heading>
          {dayEvents.length === 0 ? (
            <Text color="fg.muted" fontSize="sm">
              {q.isPending || loading ? t('events.month.loading') : t('events.month.noEvents')}
            </Text>
          ) : (
            <Stack as="ul" gap="2" p="0" m="0">
              {dayEvents.map((e) => (
                <EventRow key={e.id} event={e} now={Date.now()} />
              ))}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}

function DayCell(props: { date: string; events: ListEvent[]; today: boolean; selected: boolean; focusable: boolean; label: string; onChoose: () => void }) {
  const { t } = useTranslation();
  const { events: list } = props;
  return (
    <chakra.button
      type="button"
      w="full"
      h={{ base: '14', md: '24' }}
      display="flex"
      flexDirection="column"
      alignItems={{ base: 'center', md: 'stretch' }}
      gap="1"
      p="1"
      rounded="md"
      borderWidth={props.selected ? '2px' : '1px'}
      borderColor={props.selected ? 'brand.solid' : 'border'}
      bg={props.selected ? 'brand.subtle' : 'bg'}
      cursor="pointer"
      overflow="hidden"
      _hover={{ borderColor: 'brand.emphasized' }}
      tabIndex={props.focusable ? 0 : -1}
      aria-current={props.today ? 'date' : undefined}
      aria-label={props.label}
      onClick={props.onChoose}
      data-testid="month-day"
      data-date={props.date}
      data-count={list.length}
    >
      <Box
        as="span"
        aria-hidden
        alignSelf={{ base: 'center', md: 'flex-start' }}
        fontSize="sm"
        fontWeight={props.today ? 'bold' : 'medium'}
        minW="6"
        h="6"
        px="1"
        display="inline-flex"
        alignItems="center"
        justifyContent="center"
        rounded="full"
        bg={props.today ? 'brand.solid' : undefined}
        color={props.today ? 'brand.contrast' : undefined}
      >
        {Number(props.date.slice(8, 10))}
      </Box>
      {list.length > 0 && (
        <>
          <HStack as="span" aria-hidden gap="0.5" justify="center" hideFrom="md">
            {list.slice(0, 3).map((e) => (
              <Box as="span" key={e.id} w="1.5" h="1.5" rounded="full" bg={e.status === 'cancelled' ? 'fg.subtle' : 'brand.solid'} />
            ))}
          </HStack>
          <Stack as="span" aria-hidden gap="0.5" hideBelow="md" minW="0" textAlign="start">
            {list.slice(0, 2).map((e) => (
              <Text
                as="span"
                key={e.id}
                fontSize="xs"
                truncate
                px="1"
                rounded="sm"
                bg={e.status === 'cancelled' ? 'bg.muted' : 'brand.muted'}
                color={e.status === 'cancelled' ? 'fg.muted' : 'brand.fg'}
                textDecoration={e.status === 'cancelled' ? 'line-through' : undefined}
              >
                {e.title}
              </Text>
            ))}
            {list.length > 2 && (
              <Text as="span" fontSize="xs" color="fg.muted" px="1">
                {t('events.month.more', { n: list.length - 2 })}
              </Text>
            )}
          </Stack>
        </>
      )}
    </chakra.button>
  );
}
