import { Badge, Box, Card, HStack, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { CalendarClock, HandCoins, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { STATUS_COLOR, STATUS_KEY, termsOf, type MyCircle } from './labels';
import { formatAmount, formatDay } from '../../lib/format';

/** A circle's status as a badge ("Recruiting", "Active"…). */
export function CircleStatusBadge({ status }: { status: MyCircle['status'] }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette={STATUS_COLOR[status]} data-testid="circle-status" data-status={status}>
      {t(STATUS_KEY[status])}
    </Badge>
  );
}

/** The next contribution the caller owes in a circle, red once its due date has passed where the circle meets. */
export function NextDue({ circle: c, now = Date.now() }: { circle: MyCircle; now?: number }) {
  const { t } = useTranslation();
  if (!c.nextDue) return null;
  const overdue = c.nextDue.dueAt < now;
  return (
    <HStack gap="2" align="flex-start" color={overdue ? 'red.fg' : undefined} data-testid="next-due" data-overdue={overdue || undefined}>
      <Box as="span" mt="0.5" flexShrink={0}>
        <CalendarClock size={16} aria-hidden />
      </Box>
      <Text fontSize="sm" fontWeight={overdue ? 'semibold' : undefined}>
        {t('circles.card.nextDue', { round: c.nextDue.number, date: formatDay(c.nextDue.dueDate), amount: formatAmount(c.nextDue.amount, c.currency) })}
        {overdue && (
          <Badge colorPalette="red" variant="solid" ms="2">
            {t('circles.card.overdue')}
          </Badge>
        )}
      </Text>
    </HStack>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <HStack gap="2" align="flex-start">
      <Box as="span" mt="0.5" flexShrink={0} color="fg.muted">
        {icon}
      </Box>
      <Text fontSize="sm">{children}</Text>
    </HStack>
  );
}

/**
 * One of the caller's circles (/njangi): what it is, their hands, what they owe next and when
 * their turn comes. The whole card opens the circle; its title is the link.
 */
export function MyCircleCard({ circle: c }: { circle: MyCircle }) {
  const { t } = useTranslation();
  const pending = c.myStatus === 'pending';
  const running = c.status === 'active';
  return (
    <LinkBox as="li" listStyleType="none" data-testid="my-circle" data-circle-id={c.id}>
      <Card.Root size="sm" h="full" _hover={{ borderColor: 'brand.emphasized' }} borderColor={c.nextDue && c.nextDue.dueAt < Date.now() ? 'border.error' : undefined}>
        <Card.Body gap="2">
          <HStack gap="2" flexWrap="wrap" justify="space-between" align="flex-start">
            <Card.Title as="h3" minW="0" overflowWrap="anywhere">
              <LinkOverlay asChild>
                <Link to="/njangi/$id" params={{ id: String(c.id) }}>
                  {c.name}
                </Link>
              </LinkOverlay>
            </Card.Title>
            <HStack gap="1" flexWrap="wrap">
              <CircleStatusBadge status={c.status} />
              {pending && (
                <Badge colorPalette="orange" variant="outline">
                  {t('circles.myStatus.pending')}
                </Badge>
              )}
            </HStack>
          </HStack>
          <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
            {c.communityName} · {termsOf(t, c)}
          </Text>
          <Stack gap="1.5">
            <Line icon={<UsersRound size={16} aria-hidden />}>{t(pending ? 'circles.card.requested' : 'circles.card.hands', { count: c.myHands })}</Line>
            {c.status === 'recruiting' && <Line icon={<CalendarClock size={16} aria-hidden />}>{t('circles.card.firstMeeting', { date: formatDay(c.startDate) })}</Line>}
            {running && (c.nextDue ? <NextDue circle={c} /> : <Line icon={<CalendarClock size={16} aria-hidden />}>{t('circles.card.upToDate')}</Line>)}
            {running && c.myPayoutRound && (
              <Line icon={<HandCoins size={16} aria-hidden />}>{t('circles.card.payout', { round: c.myPayoutRound.number, date: formatDay(c.myPayoutRound.dueDate) })}</Line>
            )}
          </Stack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
