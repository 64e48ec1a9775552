import { Button, Dialog, HStack, Stack } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { createCommunityInput } from '@shared/schemas/communities';
import { trpc } from '../../trpc';
import { CommunityFields } from './community-fields';
import { refreshCommunities, type Community } from './membership';
import { viewerTimeZone } from '../../lib/format';

// The creator's own zone to start with: the community's books and receipts are dated in it.
const empty = () => ({ name: '', description: '', location: '', isPublic: true, imageUrl: '', timeZone: viewerTimeZone() });

/** The create form: a toast for the first invalid field, for success and for a server refusal; `onCreated` decides where to go next. */
export function CreateCommunityForm(props: { onCreated: (c: Community) => void; onCancel?: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(createCommunityInput, empty());
  const create = useMutation(trpc.communities.create.mutationOptions());

  const onSubmit = form.submit(t('communities.create.failed'), async (data) => {
    try {
      const community = await create.mutateAsync(data);
      notify.success(t('communities.create.created'), t('communities.create.createdBody', { name: community.name }));
      await refreshCommunities(queryClient);
      props.onCreated(community);
    } catch (error) {
      const info = form.applyServerError(error);
      if (info.status === 401) return notify.error(t('communities.create.authRequired'), t('communities.create.authRequiredBody'));
      notify.error(t('communities.create.failed'), info.message || t('communities.unexpectedError'));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="6">
        <CommunityFields form={form} />
        <HStack justify="flex-end" gap="3">
          {props.onCancel && (
            <Button variant="ghost" onClick={props.onCancel} type="button">
              {t('common.cancel')}
            </Button>
          )}
          <Button type="submit" colorPalette="brand" loading={create.isPending} loadingText={t('communities.create.creating')}>
            <Plus aria-hidden /> {t('communities.create.submit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

/** The create dialog (opened through dialogs.ts's CreateCommunityDialog); closing resets the form (it remounts). */
export function CreateCommunityDialogView({ trigger, onCreated, defaultOpen }: { trigger: ReactElement; onCreated?: (c: Community) => void; defaultOpen?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormDialog title={t('communities.create.title')} trigger={trigger} size={{ base: 'full', md: 'lg' }} defaultOpen={defaultOpen}>
      {(close) => (
        <Dialog.Body pb="6">
          <CreateCommunityForm
            onCancel={close}
            onCreated={(c) => {
              close();
              onCreated?.(c);
            }}
          />
        </Dialog.Body>
      )}
    </FormDialog>
  );
}
