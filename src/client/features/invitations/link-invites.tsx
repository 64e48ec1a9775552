import { Badge, Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { notify } from '../../components/toaster';
import { errorInfo } from '../../lib/errors';
import { formatDate } from '../../lib/format';
import { LINK_EXPIRY_DAYS, LINK_MAX_USES } from '@shared/schemas/invitations';
import { trpc } from '../../trpc';
import { Select } from '../../components/select';
import { LinkShareActions } from './link-share';
import { useInvitesChange } from './use-invites-change';

const STATUS_PALETTE = { active: 'green', expired: 'gray', revoked: 'red', used_up: 'orange' } as const;

/**
 * Shareable links: created with an expiry and a number of uses, then listed with their uses; a
 * live one can be copied or shared again from its row.
 */
export function LinkInvites({ community }: { community: { id: number; name: string } }) {
  const communityId = community.id;
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const links = useQuery(trpc.invitations.links.queryOptions({ communityId }));
  const create = useMutation(trpc.invitations.createLink.mutationOptions());
  const revoke = useMutation(trpc.invitations.revokeLink.mutationOptions());
  const [days, setDays] = useState<number>(7);
  const [maxUses, setMaxUses] = useState('25');
  const [created, setCreated] = useState<string | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invitations.links.queryKey({ communityId }) });
  const change = useInvitesChange(refresh);
  const usesValue = Number(maxUses);
  const usesValid = Number.isInteger(usesValue) && usesValue >= 1 && usesValue <= LINK_MAX_USES;

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!usesValid) return;
    try {
      const link = await create.mutateAsync({ communityId, expiresInDays: days, maxUses: usesValue });
      setCreated(link.url);
      await refresh();
    } catch (error) {
      notify.error(t('invitations.link.failed'), errorInfo(error).message);
    }
  }

  return (
    <Stack gap="5">
      <form onSubmit={submit} noValidate>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" align={{ sm: 'flex-end' }}>
          <Field.Root>
            <Field.Label>{t('invitations.link.expiry')}</Field.Label>
            <Select
              name="expiresInDays"
              value={String(days)}
              onChange={(e) => setDays(Number(e.target.value))}
              options={LINK_EXPIRY_DAYS.map((d) => ({ value: d, label: t('invitations.link.days', { count: d }) }))}
            />
          </Field.Root>
          <Field.Root invalid={!usesValid}>
            <Field.Label>{t('invitations.link.maxUses')}</Field.Label>
            <Input name="maxUses" type="number" inputMode="numeric" min={1} max={LINK_MAX_USES} value={maxUses} onChange={(e) => setMaxUses(e.target.value)} />
            {!usesValid && <Field.ErrorText>{t('invitations.validation.maxUses')}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={create.isPending} loadingText={t('invitations.link.creating')} flexShrink={0}>
            {t('invitations.link.create')}
          </Button>
        </Stack>
      </form>
      {created && (
        <Stack gap="2" borderWidth="1px" rounded="md" p="3" bg="bg.subtle" role="status">
          <Text fontSize="sm">{t('invitations.link.created')}</Text>
          <Input readOnly value={created} aria-label={t('invitations.link.address')} onFocus={(e) => e.target.select()} fontSize="sm" />
          <LinkShareActions url={created} community={community.name} />
        </Stack>
      )}
      <Stack gap="2" as="section" aria-labelledby="invite-links-title">
        <Text id="invite-links-title" fontWeight="semibold">
          {t('invitations.link.existing')}
        </Text>
        {links.isPending ? (
          <Skeleton height="12" />
        ) : links.isError ? (
          <Text color="fg.error">{errorInfo(links.error).message}</Text>
        ) : links.data.length === 0 ? (
          <Text color="fg.muted" fontSize="sm">
            {t('invitations.link.none')}
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none">
            {links.data.map((l) => (
              <Stack as="li" key={l.id} direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="2" borderWidth="1px" rounded="md" p="3">
                <Stack gap="0.5">
                  <HStack>
                    <Badge colorPalette={STATUS_PALETTE[l.status as keyof typeof STATUS_PALETTE]}>{t(`invitations.link.status.${l.status as keyof typeof STATUS_PALETTE}`)}</Badge>
                    <Text fontSize="sm">{t('invitations.link.uses', { uses: l.uses, max: l.maxUses, joined: l.joined })}</Text>
                  </HStack>
                  <Text fontSize="xs" color="fg.muted">
                    {t('invitations.link.expires', { date: formatDate(l.expiresAt) })}
                  </Text>
                  {l.url && <LinkShareActions url={l.url} community={community.name} />}
                </Stack>
                {l.status !== 'revoked' && (
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="outline" colorPalette="red" alignSelf={{ sm: 'center' }}>
                        {t('invitations.link.revoke')}
                      </Button>
                    }
                    title={t('invitations.link.revokeTitle')}
                    description={t('invitations.link.revokeBody')}
                    confirmLabel={t('invitations.link.revoke')}
                    onConfirm={() => change(() => revoke.mutateAsync({ id: l.id }), t('invitations.link.revoked'))}
                  />
                )}
              </Stack>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}
