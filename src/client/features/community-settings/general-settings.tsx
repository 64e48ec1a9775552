import { Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/toaster';
import { formatDate } from '../../lib/format';
import { useZodForm } from '../../lib/use-zod-form';
import { createCommunityInput } from '@shared/schemas/communities';
import { trpc } from '../../trpc';
import { CommunityFields } from '../communities/community-fields';
import { refreshCommunities, type Community } from '../communities/membership';

/** General settings, editable by the creator and admins (the original's 'Coming Soon' made real). */
export function GeneralSettings({ community: c }: { community: Community }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(createCommunityInput, {
    name: c.name,
    description: c.description,
    location: c.location ?? '',
    isPublic: c.isPublic,
    imageUrl: c.imageUrl ?? '',
    timeZone: c.timeZone ?? 'UTC',
  });
  const update = useMutation(trpc.communities.update.mutationOptions());
  const onSubmit = form.submit(t('communitySettings.general.validationError'), async (data) => {
    try {
      await update.mutateAsync({ communityId: c.id, ...data });
      notify.success(t('communitySettings.general.updated'), t('communitySettings.general.updatedBody'));
      await refreshCommunities(queryClient);
    } catch (error) {
      notify.error(t('communitySettings.error'), form.applyServerError(error).message || t('communitySettings.general.updateFailed'));
    }
  });
  const created = formatDate(c.createdAt);
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('communitySettings.general.title')}</Card.Title>
        <Text color="fg.muted" fontSize="sm">
          {created ? t('communitySettings.general.createdOn', { date: created }) : t('communitySettings.general.createdOnUnknown')} ·{' '}
          {c.isPublic ? t('communitySettings.general.public') : t('communitySettings.general.private')}
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="6">
            <CommunityFields form={form} />
            <HStack justify="flex-end">
              <Button type="submit" colorPalette="brand" loading={update.isPending} loadingText={t('communitySettings.general.saving')}>
                {t('communitySettings.general.save')}
              </Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
