import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormField } from '../../components/form-field';
import { ListStates } from '../../components/list-states';
import { SectionCard } from '../../components/section-card';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { STANDING_KEYS, standingRulesQuery } from './queries';
import type { StandingRules } from '@shared/standing';

/*
 * The community's standing rules: how long a new member waits before their rights, and how old
 * arrears must be to suspend a member by themselves (empty: never). Grace days belong to what is
 * owed (each dues plan, each welfare fund), so they are set there; the card says so.
 */

const days = (message: 'validation.standing.waitingDays' | 'validation.standing.suspendAfterDays', min: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,4}$/, message)
    .transform(Number)
    .pipe(z.number().int(message).min(min, message).max(3650, message));

const rulesForm = z.object({
  waitingDays: days('validation.standing.waitingDays', 0),
  // Empty: arrears never suspend by themselves.
  suspendAfterDays: z.union([z.literal('').transform(() => null), days('validation.standing.suspendAfterDays', 1)]),
});

export function StandingRulesCard({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(standingRulesQuery(communityId));
  return (
    <SectionCard id="standing-rules" testId="standing-rules" title={t('standing.rules.title')} intro={t('standing.rules.intro')}>
      <ListStates query={q} loading={t('standing.mine.loading')} failed={t('standing.rules.loadFailed')} retry={t('standing.mine.tryAgain')} rows={1}>
        {/* Keyed by the saved rules, so the form starts again from them after each save. */}
        {() => <RulesForm key={JSON.stringify(q.data)} communityId={communityId} rules={q.data!} />}
      </ListStates>
    </SectionCard>
  );
}

function RulesForm({ communityId, rules }: { communityId: number; rules: StandingRules }) {
  const { t } = useTranslation();
  const act = useAction(STANDING_KEYS, { wait: true });
  const save = useMutation(trpc.standing.saveRules.mutationOptions());
  const form = useZodForm(rulesForm, { waitingDays: String(rules.waitingDays), suspendAfterDays: rules.suspendAfterDays === null ? '' : String(rules.suspendAfterDays) });
  const onSubmit = form.submit(t('standing.rules.invalid'), (v) => act(() => save.mutateAsync({ communityId, ...v }), t('standing.rules.failed'), t('standing.rules.saved'), form.applyServerError));
  return (
    <form onSubmit={onSubmit} noValidate data-testid="standing-rules-form">
      <Stack gap="4">
        <FormField name="waitingDays" label={t('standing.rules.waitingDays')} helper={t('standing.rules.waitingHelp')} error={form.errors.waitingDays}>
          <Input {...form.field('waitingDays')} id="waitingDays" inputMode="numeric" maxW="40" />
        </FormField>
        <FormField name="suspendAfterDays" label={t('standing.rules.suspendAfter')} helper={t('standing.rules.suspendAfterHelp')} error={form.errors.suspendAfterDays}>
          <Input {...form.field('suspendAfterDays')} id="suspendAfterDays" inputMode="numeric" maxW="40" />
        </FormField>
        <Text fontSize="sm" color="fg.muted">
          {t('standing.rules.graceNote')}
        </Text>
        <HStack justify="flex-end">
          <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText={t('standing.rules.saving')}>
            {t('standing.rules.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
