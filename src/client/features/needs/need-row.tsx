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

type Client = typeof trpcClient;
/** `router.procedure` of one of the app's mutations: an item whose op named none would not type-check in NeedRow. */
type MutationOp<Op> = Op extends `${infer R extends keyof Client & string}.${infer P}`
  ? P extends keyof Client[R]
    ? Client[R][P] extends { mutate: (input: never) => Promise<unknown> }
      ? Op
      : never
    : never
  : never;
type Choice = { accountId?: number; optionId?: number };

/** What the tap sends: the item's own input, with the account chosen where money moves, or the one choice voted for. */
function inputOf(a: NeedAction, choice: Choice): object {
  if (a.op === 'polls.vote') return { id: a.input.id, choices: [choice.optionId!] };
  if (a.op === 'finances.confirmPayment' || a.op === 'finances.payExpense') return { id: a.input.id, accountId: choice.accountId! };
  return a.input;
}

/**
 * The one tap: the app's ordinary operation for it, never another way to move money. The op
 * names the operation (`router.procedure`), so it is called by that name.
 */
async function perform(a: Extract<NeedAction, { op: MutationOp<NeedAction['op']> }>, choice: Choice): Promise<unknown> {
  const [router, procedure] = a.op.split('.') as [string, string];
  const client = trpcClient as unknown as Record<string, Record<string, { mutate: (input: object) => Promise<unknown> }>>;
  return client[router]![procedure]!.mutate(inputOf(a, choice));
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
