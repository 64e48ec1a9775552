import { Badge, Button, Card, EmptyState, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, CalendarRange, CircleStop } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../trpc';
import { DuesPlanDialog } from './dues-plan-dialog';
import { planTerms, utcDay } from './dues-format';
import { duesPlansQuery, refreshFinances } from './queries';
import { ROWS, type Books, type DuesPlan } from './shared';

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
    <Card.Root as="section" aria-labelledby="finance-plans">
      <Card.Header flexDirection="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap="2">
        <Card.Title as="h2" id="finance-plans">
          {t('finances.plans.title')}
        </Card.Title>
        {canManage && (
          <DuesPlanDialog
            communityId={communityId}
            currency={books.currency}
            trigger={
              <Button size="sm" colorPalette="brand" variant="outline">
                <CalendarPlus aria-hidden /> {t('finances.plans.new')}
              </Button>
            }
          />
        )}
      </Card.Header>
      <Card.Body gap="3">
        {q.isPending ? (
          <Stack gap="2" aria-busy="true" aria-label={t('finances.loading')}>
            <Skeleton h="14" />
          </Stack>
        ) : q.isError ? (
          <HStack gap="3" role="alert" flexWrap="wrap">
            <Text color="red.fg">{t('finances.plans.loadFailed')}</Text>
            <Button size="xs" variant="outline" onClick={() => void q.refetch()}>
              {t('finances.tryAgain')}
            </Button>
          </HStack>
        ) : plans.length === 0 ? (
          <EmptyState.Root size="sm">
            <EmptyState.Content>
              <EmptyState.Indicator>
                <CalendarRange aria-hidden />
              </EmptyState.Indicator>
              <EmptyState.Description>{t('finances.plans.empty')}</EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : (
          <Stack as="ul" gap="0" listStyleType="none" css={ROWS}>
            {plans.map((p) => (
              <PlanRow key={p.id} plan={p} communityId={communityId} books={books} canManage={canManage} />
            ))}
          </Stack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function PlanRow({ plan: p, communityId, books, canManage }: { plan: DuesPlan; communityId: number; books: Books; canManage: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const stop = useMutation(trpc.finances.stopDuesPlan.mutationOptions());
  const details = [
    p.allMembers ? t('finances.plans.forAll') : t('finances.plans.forChosen'),
    p.period === 'once' ? null : p.graceDays > 0 ? t('finances.plans.grace', { count: p.graceDays }) : t('finances.plans.noGrace'),
    p.period === 'once' ? null : t('finances.plans.starts', { date: utcDay(p.startsOn) }),
  ].filter(Boolean);

  const onStop = async () => {
    try {
      await stop.mutateAsync({ communityId, id: p.id });
      notify.success(t('finances.plans.stoppedToast'), t('finances.plans.stoppedBody'));
      await refreshFinances(queryClient);
    } catch (e) {
      notify.error(t('finances.plans.stopFailed'), errorInfo(e).message);
    }
  };

  return (
    <Stack as="li" gap="2" py="3" data-testid="dues-plan" direction={{ base: 'column', md: 'row' }} justify="space-between" align={{ base: 'stretch', md: 'center' }}>
      <Stack gap="1" minW="0">
        <HStack gap="2" flexWrap="wrap">
          <Text fontWeight="semibold">{p.name}</Text>
          {canManage && <Badge colorPalette={p.active ? 'green' : 'gray'}>{p.active ? t('finances.plans.active') : t('finances.plans.stopped')}</Badge>}
        </HStack>
        <Text>{planTerms(t, p, books.currency)}</Text>
        <Text fontSize="sm" color="fg.muted">
          {details.join(' · ')}
        </Text>
      </Stack>
      {canManage && p.active && (
        <ConfirmDialog
          title={t('finances.plans.stopTitle')}
          description={t('finances.plans.stopBody', { name: p.name })}
          confirmLabel={t('finances.plans.stopConfirm')}
          onConfirm={onStop}
          trigger={
            <Button size="sm" variant="outline" colorPalette="red" flexShrink={0} alignSelf={{ base: 'flex-start', md: 'center' }} aria-label={t('finances.plans.stopLabel', { name: p.name })}>
              <CircleStop aria-hidden /> {t('finances.plans.stop')}
            </Button>
          }
        />
      )}
    </Stack>
  );
}
