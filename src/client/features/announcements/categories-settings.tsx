import { Box, Card, HStack, IconButton, Input, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, Tags } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { DEFAULT_CATEGORY_COLOR, categoryFields } from '@shared/schemas/announcements';
import { trpc } from '../../trpc';
import { categoriesQuery } from './queries';
import { refreshAnnouncements, type Category } from './announcement';
import { DialogForm } from '../../components/dialog-form';
import { EmptyNote } from '../../components/empty-state';
import { ButtonWithIcon } from '../../components/button-with-icon';
import { DeleteButton } from './delete-button';

/** Settings → Categories: a grid with colour dots; create, edit and delete (warning that announcements lose the category). */
export function CategoriesSettings({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(categoriesQuery(communityId));
  const del = useMutation(trpc.categories.delete.mutationOptions());
  return (
    <Card.Root>
      <Card.Header flexDirection="row" flexWrap="wrap" justifyContent="space-between" alignItems="center" gap="3">
        <Card.Title as="h2">{t('announcements.categories.title')}</Card.Title>
        <CategoryDialog
          communityId={communityId}
          trigger={<ButtonWithIcon icon={Plus} colorPalette="brand">{t('announcements.categories.new')}</ButtonWithIcon>}
        />
      </Card.Header>
      <Card.Body>
        {q.isPending ? (
          <Skeleton h="24" />
        ) : !q.data?.length ? (
          <EmptyNote icon={<Tags />} title={t('announcements.categories.empty')} />
        ) : (
          <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
            {q.data.map((c) => (
              <Card.Root key={c.id} size="sm" data-testid="category-card">
                <Card.Body>
                  <HStack justify="space-between" align="flex-start">
                    <HStack gap="2" align="flex-start" minW="0">
                      <Box boxSize="3" rounded="full" bg={c.color} mt="1.5" flexShrink={0} aria-hidden />
                      <Stack gap="0" minW="0">
                        <Text fontWeight="semibold">{c.name}</Text>
                        {c.description && (
                          <Text fontSize="sm" color="fg.muted">
                            {c.description}
                          </Text>
                        )}
                      </Stack>
                    </HStack>
                    <HStack gap="0">
                      <CategoryDialog
                        communityId={communityId}
                        editing={c}
                        trigger={
                          <IconButton size="xs" variant="ghost" aria-label={t('announcements.categories.edit', { name: c.name })}>
                            <Pencil aria-hidden />
                          </IconButton>
                        }
                      />
                      <DeleteButton texts="announcements.categories" values={{ name: c.name }} size="xs" onDelete={() => del.mutateAsync({ id: c.id })} />
                    </HStack>
                  </HStack>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        )}
      </Card.Body>
    </Card.Root>
  );
}

const CategoryDialog = formDialog(CategoryForm, (t, { editing }) => editing ? t('announcements.categories.editTitle') : t('announcements.categories.newTitle'), "sm");

function CategoryForm({ communityId, editing, onDone }: { communityId: number; editing?: Category; onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(categoryFields, {
    name: editing?.name ?? '',
    description: editing?.description ?? '',
    color: editing?.color ?? DEFAULT_CATEGORY_COLOR,
  });
  const create = useMutation(trpc.categories.create.mutationOptions());
  const update = useMutation(trpc.categories.update.mutationOptions());
  const onSubmit = form.submit(t('announcements.validationError'), async (data) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, ...data });
      else await create.mutateAsync({ communityId, ...data });
      notify.success(editing ? t('announcements.categories.updated') : t('announcements.categories.created'));
      await refreshAnnouncements(queryClient);
      onDone();
    } catch (error) {
      const info = form.applyServerError(error);
      // A duplicate name or a rule without a field (the 100-category cap) says what to do; anything else gets the generic 'Failed to …' text.
      const readable = info.status === 409 || (info.status === 400 && !info.issues.length);
      notify.error(t('announcements.error'), readable ? info.message : editing ? t('announcements.categories.updateFailed') : t('announcements.categories.createFailed'));
    }
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={editing ? t('announcements.categories.save') : t('announcements.categories.create')} busy={create.isPending || update.isPending}>
      <FormField name="name" label={t('announcements.categories.name')} error={form.errors.name}>
        <Input {...form.field('name')} maxLength={60} />
      </FormField>
      <FormField name="color" label={t('announcements.categories.colour')} error={form.errors.color}>
        <HStack>
          <Input {...form.field('color')} type="color" w="16" p="1" />
          <Text fontFamily="mono" fontSize="sm">
            {form.values.color}
          </Text>
        </HStack>
      </FormField>
      <FormField name="description" label={t('announcements.categories.description')} error={form.errors.description}>
        <Input {...form.field('description')} />
      </FormField>
    </DialogForm>
  );
}
