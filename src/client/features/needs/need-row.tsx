import { Box, Button, HStack, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NeedAction, NeedItem } from '@shared/needs';
import { needText } from '@shared/needs-text';
import { notify } from '../../components/toaster';
import { currentLanguage } from '../../i18n';
import { errorInfo } from '../../lib/errors';
import { trpcClient } from '../../trpc';
import { afterNeedAction } from './queries';
import { dueText, sinceText } from './when';

/** The label of an item's one action. */
const ACTION_LABEL = {
  'finances.confirmPayment': 'needs.actions.confirm',
  'finances.payExpense': 'needs.actions.pay',
  'finances.approveExpense': 'needs.actions.approve',
  'communities.decideRequest': 'needs.actions.approve',
  'njangi.decideJoin': 'needs.actions.approve',
  'njangi.confirmContribution': 'needs.actions.confirm',
  'njangi.officerConfirmContribution': 'needs.actions.confirm',
  'njangi.confirmTopUp': 'needs.actions.confirm',
  'njangi.confirmReceipt': 'needs.actions.confirm',
  'njangi.acceptSwap': 'needs.actions.accept',
  'njangi.approveSwap': 'needs.actions.approve',
  'polls.answerNomination': 'needs.actions.accept',
  'events.rsvp': 'needs.actions.going',
  'invitations.acceptById': 'needs.actions.accept',
  'welfare.confirmBenefit': 'needs.actions.confirm',
} as const satisfies Record<Exclude<NeedAction['op'], 'polls.vote'>, string>;

/** The one tap: the app's ordinary operation for it, never another way to move money. */
async function perform(a: NeedAction, choice: { accountId?: number; optionId?: number }): Promise<unknown> {
  switch (a.op) {
    case 'finances.confirmPayment':
      return trpcClient.finances.confirmPayment.mutate({ id: a.input.id, accountId: choice.accountId! });
    case 'finances.payExpense':
      return trpcClient.finances.payExpense.mutate({ id: a.input.id, accountId: choice.accountId! });
    case 'finances.approveExpense':
      return trpcClient.finances.approveExpense.mutate(a.input);
    case 'communities.decideRequest':
      return trpcClient.communities.decideRequest.mutate(a.input);
    case 'njangi.decideJoin':
      return trpcClient.njangi.decideJoin.mutate(a.input);
    case 'njangi.confirmContribution':
      return trpcClient.njangi.confirmContribution.mutate(a.input);
    case 'njangi.officerConfirmContribution':
      return trpcClient.njangi.officerConfirmContribution.mutate(a.input);
    case 'njangi.confirmTopUp':
      return trpcClient.njangi.confirmTopUp.mutate(a.input);
    case 'njangi.confirmReceipt':
      return trpcClient.njangi.confirmReceipt.mutate(a.input);
    case 'njangi.acceptSwap':
      return trpcClient.njangi.acceptSwap.mutate(a.input);
    case 'njangi.approveSwap':
      return trpcClient.njangi.approveSwap.mutate(a.input);
    case 'polls.answerNomination':
      return trpcClient.polls.answerNomination.mutate(a.input);
    case 'polls.vote':
      return trpcClient.polls.vote.mutate({ id: a.input.id, choices: [choice.optionId!] });
    case 'events.rsvp':
      return trpcClient.events.rsvp.mutate(a.input);
    case 'invitations.acceptById':
      return trpcClient.invitations.acceptById.mutate(a.input);
    case 'welfare.confirmBenefit':
      return trpcClient.welfare.confirmBenefit.mutate(a.input);
  }
}

/**
 * One thing waiting on the member: what, who, how much and since when in one sentence, a link to
 * the exact item, and its one action where a tap is enough (with the account to use when the
 * community keeps several).
 */
export function NeedRow({ item, compact = false }: { item: NeedItem; compact?: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const a = item.action;
  const hasAccounts = a && (a.op === 'finances.confirmPayment' || a.op === 'finances.payExpense');
  const [accountId, setAccountId] = useState<number | undefined>(hasAccounts ? (a.accountId ?? undefined) : undefined);
  const { key, params } = needText(item, currentLanguage(), (iso) => dueText(iso, typeof item.details.timeZone === 'string' ? item.details.timeZone : undefined));
  const text = t(key, params);
  const act = useMutation({
    mutationFn: (choice: { optionId?: number }) => perform(a!, { accountId, ...choice }),
    onSuccess: () => {
      notify.success(t('needs.done', { text }));
      void afterNeedAction(queryClient);
    },
    onError: (error) => notify.error(t('needs.failed'), errorInfo(error).message),
  });
  const where = [item.community && item.kind !== 'joinRequest' && item.kind !== 'invitation' ? item.community : null, item.due ? null : sinceText(item.since)].filter(Boolean).join(' · ');
  return (
    <Stack as="li" gap="2" py="3" borderTopWidth="1px" _first={{ borderTopWidth: 0 }} data-testid="need" data-key={item.key} direction={{ base: 'column', sm: compact ? 'column' : 'row' }} justify="space-between" align={{ base: 'stretch', sm: compact ? 'stretch' : 'center' }}>
      <Box minW="0">
        <Link asChild fontWeight="medium" color="fg" aria-label={t('needs.openLabel', { text })}>
          <RouterLink to={item.link}>{text}</RouterLink>
        </Link>
        {where && (
          <Text fontSize="sm" color="fg.muted">
            {where}
          </Text>
        )}
      </Box>
      {a && (
        <HStack gap="2" flexShrink={0} flexWrap="wrap">
          {hasAccounts && a.accounts.length > 1 && (
            <NativeSelect.Root size="sm" width="auto" minW="8rem">
              <NativeSelect.Field aria-label={t('needs.accountFor', { text })} value={accountId ?? ''} onChange={(e) => setAccountId(Number(e.currentTarget.value))}>
                {a.accounts.map((acc) => (
                  <option key={acc.id} value={acc.id}>
                    {acc.name}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          )}
          {a.op === 'polls.vote' ? (
            a.choices.map((c) => (
              <Button key={c.id} size="sm" variant="outline" loading={act.isPending && act.variables?.optionId === c.id} disabled={act.isPending} onClick={() => act.mutate({ optionId: c.id })} aria-label={t('needs.actions.actionFor', { action: t(`needs.vote.${c.label as 'yes' | 'no' | 'abstain'}`), text })}>
                {t(`needs.vote.${c.label as 'yes' | 'no' | 'abstain'}`)}
              </Button>
            ))
          ) : (
            <Button size="sm" colorPalette="brand" loading={act.isPending} disabled={hasAccounts ? accountId === undefined : false} onClick={() => act.mutate({})} aria-label={t('needs.actions.actionFor', { action: t(ACTION_LABEL[a.op]), text })} data-testid="need-action">
              {t(ACTION_LABEL[a.op])}
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}
