import { HStack, Input, Switch, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { announcementFields } from '@shared/schemas/announcements';
import { trpc } from '../../trpc';
import { categoriesQuery } from './queries';
import { refreshAnnouncements, type Announcement } from './announcement';
import { DialogForm } from '../../components/dialog-form';
import { Select } from '../../components/select';

/** 'New Announcement' and edit: title, content, category, pinned and published; a new one starts published and not pinned. */
export const AnnouncementDialog = formDialog(AnnouncementForm, (t, { editing }) => editing ? t('announcements.dialog.editTitle') : t('announcements.dialog.newTitle'), { base: 'full', md: 'lg' });

function AnnouncementForm({ communityId, editing, onDone }: { communityId: number; editing?: Announcement; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery(communityId));
  const form = useZodForm(announcementFields, {
    title: editing?.title ?? '',
    content: editing?.content ?? '',
    categoryId: editing?.categoryId ? String(editing.categoryId) : '',
    isPinned: editing?.isPinned ?? false,
    isPublished: editing?.isPublished ?? true,
  });
  const create = useMutation(trpc.announcements.create.mutationOptions());
  const update = useMutation(trpc.announcements.update.mutationOptions());
  const busy = create.isPending || update.isPending;

  const onSubmit = form.submit(t('announcements.validationError'), async (data) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...data });
      else await create.mutateAsync({ communityId, ...data });
      notify.success(editing ? t('announcements.dialog.updated') : t('announcements.dialog.created'));
      await refreshAnnouncements(queryClient);
      onDone();
    } catch (error) {
      form.applyServerError(error);
      notify.error(t('announcements.error'), editing ? t('announcements.dialog.updateFailed') : t('announcements.dialog.createFailed'));
    }
  });

  const switchRow = (name: 'isPinned' | 'isPublished', label: string) => (
    <Switch.Root checked={!!form.values[name]} onCheckedChange={(e) => form.setValue(name, e.checked)} colorPalette="brand" ids={{ hiddenInput: name }}>
      <Switch.HiddenInput />
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );

  return (
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onDone}
      submitLabel={editing ? t('announcements.dialog.save') : t('announcements.dialog.create')}
      busy={busy}
      busyLabel={t('announcements.dialog.saving')}
    >
      <FormField name="title" label={t('announcements.dialog.title')} error={form.errors.title}>
        <Input {...form.field('title')} maxLength={220} />
      </FormField>
      <FormField name="content" label={t('announcements.dialog.content')} error={form.errors.content} helper={t('announcements.dialog.contentHelp')}>
        <Textarea {...form.field('content')} rows={8} />
      </FormField>
      <FormField name="categoryId" label={t('announcements.dialog.category')} error={form.errors.categoryId}>
        <Select {...form.field('categoryId')} placeholder={t('announcements.dialog.noCategory')} options={categories.data?.map((c) => ({ value: String(c.id), label: c.name })) ?? []} />
      </FormField>
      <HStack gap="6" flexWrap="wrap">
        {switchRow('isPinned', t('announcements.pinned'))}
        {switchRow('isPublished', t('announcements.dialog.published'))}
      </HStack>
    </DialogForm>
  );
}
