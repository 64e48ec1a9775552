import { Alert } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { parseAmount, type Currency } from '@shared/money';
import { duesPlanPreviewInput } from '@shared/schemas/finances';
import { inputDay } from '../../lib/format';
import { duesPlanPreviewQuery } from './queries';
import { useDebounced } from '../../lib/use-debounced';

/** The form's values as typed (the numbers are still text or whatever the field holds). */
type PlanValues = { amount: string; period: string; dueDay: unknown; graceDays?: unknown; startsOn: string; who: string; memberIds: string[] };

/**
 * A plan that starts in the past owes every period since then at once: before it is made, the
 * dialog says so and counts the members it would leave overdue (the server counts, from each
 * member's dues credit, exactly as making the plan will spread it).
 */
export function BackdatedPlanWarning({ communityId, currency, values }: { communityId: number; currency: Currency; values: PlanValues }) {
  const { t } = useTranslation();
  const backdated = /^\d{4}-\d{2}-\d{2}$/.test(values.startsOn) && values.startsOn < inputDay(new Date());
  const plan = duesPlanPreviewInput.safeParse({
    communityId,
    amount: parseAmount(values.amount, currency) ?? undefined,
    period: values.period,
    // As the form will send them (a one-off plan keeps the hidden fields' values too).
    dueDay: values.dueDay,
    graceDays: values.graceDays,
    startsOn: values.startsOn,
    memberIds: values.who === 'chosen' ? values.memberIds : undefined,
  });
  const complete = backdated && plan.success && (values.who !== 'chosen' || values.memberIds.length > 0);
  // Typing a date or an amount would ask on every key: the count is asked once the plan has stayed
  // the same for a moment (compared as text: the form's values are a new object on each render).
  const asked = useDebounced(complete ? JSON.stringify(plan.data) : '', 400);
  const preview = useQuery({ ...duesPlanPreviewQuery(asked ? JSON.parse(asked) : plan.data!), enabled: complete && asked !== '', placeholderData: keepPreviousData });
  if (!backdated) return null;
  const counted = preview.data;
  return (
    <Alert.Root status="warning" data-testid="backdated-plan" aria-live="polite">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('finances.plans.backdated')}</Alert.Title>
        {plan.success && (
          <Alert.Description>
            {preview.isFetching && !counted
              ? t('finances.plans.checking')
              : counted && counted.periods > 0
                ? `${t('finances.plans.periodsLate', { count: counted.periods })} ${t('finances.plans.overdueAtOnce', { count: counted.members, total: counted.total })}`
                : null}
          </Alert.Description>
        )}
      </Alert.Content>
    </Alert.Root>
  );
}
