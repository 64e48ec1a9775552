import { Badge, Button, HStack, SimpleGrid, Stack, Stat, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { CalendarCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DuesBadge } from './dues-badge';
import { periodLabel, utcDay } from './dues-format';
import { myDuesQuery } from './queries';
import { OBLIGATION_STATUS_COLOR, OBLIGATION_STATUS_KEY } from './labels';
import { EmptyNote } from '../../components/empty-state';
import { RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { formatAmount } from '../../lib/format';
import type { MyDues as Dues } from './types';
import { BooksStates } from './books-states';

/** The periods shown before "Show all": a year of monthly dues. */
const FIRST = 12;

/**
 * "My dues", for every member: the overall status as a badge, what is owed by now, paid and
 * outstanding, and each period's obligation (newest first). Only the viewer's own.
 */
export function MyDues({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(myDuesQuery(communityId));
  return (
    <SectionCard id="finance-dues" title={t('finances.dues.title')} actions={q.data && <DuesBadge status={q.data.status} size="lg" />} bodyGap="4" testId="my-dues">
      <BooksStates query={q} rows={2} failed={t('finances.dues.loadFailed')} empty={q.data?.obligations.length === 0 && <EmptyNote icon={<CalendarCheck />}>{t('finances.dues.empty')}</EmptyNote>}>
        {() => <DuesFigures dues={q.data!} />}
      </BooksStates>
    </SectionCard>
  );
}

function DuesFigures({ dues }: { dues: Dues }) {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const c = dues.currency;
  const newestFirst = [...dues.obligations].reverse();
  const shown = all ? newestFirst : newestFirst.slice(0, FIRST);
  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Stat.Root data-testid="dues-owed">
          <Stat.Label>{t('finances.dues.owed')}</Stat.Label>
          <Stat.ValueText fontSize="2xl">{formatAmount(dues.owed, c)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root data-testid="dues-paid">
          <Stat.Label>{t('finances.dues.paid')}</Stat.Label>
          <Stat.ValueText fontSize="2xl">{formatAmount(dues.paid, c)}</Stat.ValueText>
        </Stat.Root>
        <Stat.Root data-testid="dues-outstanding">
          <Stat.Label>{t('finances.dues.outstanding')}</Stat.Label>
          <Stat.ValueText fontSize="2xl" color={dues.outstanding > 0 ? 'red.fg' : undefined}>
            {formatAmount(dues.outstanding, c)}
          </Stat.ValueText>
        </Stat.Root>
      </SimpleGrid>
      <Stack gap="1">
        <Text as="h3" fontWeight="semibold">
          {t('finances.dues.periods')}
        </Text>
        <RuledList>
          {shown.map((o) => (
            <Stack as="li" key={o.id} gap="1" py="2" data-testid="dues-obligation" direction={{ base: 'column', sm: 'row' }} justify="space-between" align={{ base: 'stretch', sm: 'center' }}>
              <Stack gap="0" minW="0">
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="medium">{periodLabel(t, o.periodKey)}</Text>
                  <Text color="fg.muted" fontSize="sm">
                    {o.plan}
                  </Text>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {[t('finances.dues.dueOn', { date: utcDay(o.dueAt) }), t('finances.dues.paidOf', { paid: formatAmount(o.paid, c), amount: formatAmount(o.amount, c) })].join(' · ')}
                </Text>
              </Stack>
              <Badge colorPalette={OBLIGATION_STATUS_COLOR[o.status]} alignSelf={{ base: 'flex-start', sm: 'center' }} flexShrink={0}>
                {t(OBLIGATION_STATUS_KEY[o.status])}
              </Badge>
            </Stack>
          ))}
        </RuledList>
        {newestFirst.length > FIRST && (
          <Button size="sm" variant="outline" alignSelf="center" onClick={() => setAll((v) => !v)} aria-expanded={all}>
            {all ? t('finances.dues.showFewer') : t('finances.dues.showAll', { total: newestFirst.length })}
          </Button>
        )}
      </Stack>
    </>
  );
}
