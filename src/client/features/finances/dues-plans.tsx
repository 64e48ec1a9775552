import { Badge, HStack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { CalendarPlus, CalendarRange, CircleStop } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyNote } from '../../components/empty-state';
import { ActionRow, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { trpc } from '../../trpc';
import { DuesPlanDialog } from './dues-plan-dialog';
import { planTerms, utcDay } from './dues-format';
import { duesPlansQuery } from './queries';
import { useBooksAction } from './use-books-action';
import type { Books, DuesPlan } from './types';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { BooksStates } from './books-states';

/**
 * Dues plans: what members owe and how often. Managers (finances.manage) see every plan, create one
 * and stop one; other members read the active plans' terms, and the card is not shown while there
 * is none.
 */
export function DuesPlans({ communityId, books, canManage }: { communityId: number; books: Books; canManage: boolean }) {
  const { t } = useTranslation();
  const q = useQuery(duesPlansQuery(communityId));
  const plans = (q.data ?? []).filter((p) => canManage || p.active);
  if (!canManage && plans.length === 0) return null;
  return (
    <SectionCard
      id="finance-plans"
      title={t('finances.plans.title')}
      bodyGap="3"
      actions={
        canManage && (
          <DuesPlanDialog
            communityId={communityId}
            currency={books.currency}
            trigger={<ButtonWithIcon icon={CalendarPlus} colorPalette="brand" variant="outline">{t('finances.plans.new')}</ButtonWithIcon>}
          />
        )
      }
    >
      <BooksStates query={q} rows={1} failed={t('finances.plans.loadFailed')} empty={plans.length === 0 && <EmptyNote icon={<CalendarRange />}>{t('finances.plans.empty')}</EmptyNote>}>
        <RuledList>
          {plans.map((p) => (
            <PlanRow key={p.id} plan={p} communityId={communityId} books={books} canManage={canManage} />
          ))}
        </RuledList>
      </BooksStates>
    </SectionCard>
  );
}

function PlanRow({ plan: p, communityId, books, canManage }: { plan: DuesPlan; communityId: number; books: Books; canManage: boolean }) {
  const { t } = useTranslation();
  const run = useBooksAction();
  const stop = useMutation(trpc.finances.stopDuesPlan.mutationOptions());
  const details = [
    p.allMembers ? t('finances.plans.forAll') : t('finances.plans.forChosen'),
    p.period === 'once' ? null : p.graceDays > 0 ? t('finances.plans.grace', { count: p.graceDays }) : t('finances.plans.noGrace'),
    p.period === 'once' ? null : t('finances.plans.starts', { date: utcDay(p.startsOn) }),
  ].filter(Boolean);

  const onStop = () => run(() => stop.mutateAsync({ communityId, id: p.id }), t('finances.plans.stopFailed'), { title: t('finances.plans.stoppedToast'), body: t('finances.plans.stoppedBody') });

  return (
    <ActionRow
      testId="dues-plan"
      actions={
        canManage &&
        p.active && (
          <ConfirmDialog
            title={t('finances.plans.stopTitle')}
            description={t('finances.plans.stopBody', { name: p.name })}
            confirmLabel={t('finances.plans.stopConfirm')}
            onConfirm={onStop}
            trigger={<ButtonWithIcon icon={CircleStop} variant="outline" colorPalette="red" aria-label={t('finances.plans.stopLabel', { name: p.name })}>{t('finances.plans.stop')}</ButtonWithIcon>}
          />
        )
      }
    >
      <HStack gap="2" flexWrap="wrap">
        <Text fontWeight="semibold">{p.name}</Text>
        {canManage && <Badge colorPalette={p.active ? 'green' : 'gray'}>{p.active ? t('finances.plans.active') : t('finances.plans.stopped')}</Badge>}
      </HStack>
      <Text>{planTerms(t, p, books.currency)}</Text>
      <Text fontSize="sm" color="fg.muted">
        {details.join(' · ')}
      </Text>
    </ActionRow>
  );
}
