import { Badge, Checkbox, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Plus, Tags } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { DialogForm } from '../../components/dialog-form';
import { EmptyNote } from '../../components/empty-state';
import { formDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { ListStates } from '../../components/list-states';
import { ActionRow, RowButton, RuledList } from '../../components/rows';
import { SectionCard } from '../../components/section-card';
import { useAction } from '../../lib/use-action';
import { useZodForm } from '../../lib/use-zod-form';
import { trpc } from '../../trpc';
import { duesPlansQuery } from '../finances/queries';
import { membershipCategoriesQuery, STANDING_KEYS, type Category } from './queries';
import { ButtonWithIcon } from '../../components/button-with-icon';

/*
 * The community's membership categories (full, associate, student…), each with the dues plans its
 * members pay, and which one is the default (members without a category are in it). Leaders
 * (standing.manage) add and edit them here; a member's category is chosen on the standing roll.
 */

export function CategoriesCard({ communityId }: { communityId: number }) {
  const { t } = useTranslation();
  const q = useQuery(membershipCategoriesQuery(communityId));
  const plans = useQuery(duesPlansQuery(communityId));
  const planName = (id: number) => plans.data?.find((p) => p.id === id)?.name ?? '';
  const add = (
    <CategoryDialog
      communityId={communityId}
      trigger={<ButtonWithIcon icon={Plus} colorPalette="brand">{t('standing.categories.add')}</ButtonWithIcon>}
    />
  );
  return (
    <SectionCard id="membership-categories" testId="membership-categories" title={t('standing.categories.title')} intro={t('standing.categories.intro')} actions={add}>
      <ListStates
        query={q}
        loading={t('standing.mine.loading')}
        failed={t('standing.categories.loadFailed')}
        retry={t('standing.mine.tryAgain')}
        empty={q.data?.length === 0 && <EmptyNote icon={<Tags />}>{t('standing.categories.empty')}</EmptyNote>}
      >
        {() => (
          <RuledList>
            {q.data!.map((c) => (
              <ActionRow
                key={c.id}
                testId="category-row"
                actions={
                  <CategoryDialog
                    communityId={communityId}
                    category={c}
                    trigger={
                      <RowButton label={t('standing.categories.editLabel', { name: c.name })}>{t('standing.categories.edit')}</RowButton>
                    }
                  />
                }
              >
                <HStack gap="2" flexWrap="wrap">
                  <Text fontWeight="medium">{c.name}</Text>
                  {c.isDefault && <Badge colorPalette="brand">{t('standing.categories.default')}</Badge>}
                  <Text fontSize="sm" color="fg.muted">
                    {t('standing.categories.members', { count: c.members })}
                  </Text>
                </HStack>
                {c.description && <Text fontSize="sm">{c.description}</Text>}
                <Text fontSize="sm" color="fg.muted">
                  {c.planIds.length ? t('standing.categories.pays', { plans: c.planIds.map(planName).join(', ') }) : t('standing.categories.paysShared')}
                </Text>
              </ActionRow>
            ))}
          </RuledList>
        )}
      </ListStates>
    </SectionCard>
  );
}

const categoryForm = z.object({
  name: z.string().trim().min(1, 'validation.standing.categoryName').max(50, 'validation.standing.categoryName'),
  description: z.string().trim().max(300, 'validation.standing.descriptionLong'),
});

/** A new category, or one edited: its name, description, whether it is the default, and its dues plans. */
const CategoryDialog = formDialog(CategoryForm, (t, { category }) => category ? t('standing.categories.editTitle', { name: category.name }) : t('standing.categories.createTitle'), { base: 'full', md: 'md' });

function CategoryForm({ communityId, category, onDone }: { communityId: number; category?: Category; onDone: () => void }) {
  const { t } = useTranslation();
  const act = useAction(STANDING_KEYS, { wait: true });
  const plans = useQuery(duesPlansQuery(communityId));
  const form = useZodForm(categoryForm, { name: category?.name ?? '', description: category?.description ?? '' });
  const [isDefault, setDefault] = useState(category?.isDefault ?? false);
  const [planIds, setPlanIds] = useState<number[]>(category?.planIds ?? []);
  const create = useMutation(trpc.standing.createCategory.mutationOptions());
  const update = useMutation(trpc.standing.updateCategory.mutationOptions());
  const toggle = (id: number, on: boolean) => setPlanIds(on ? [...planIds, id] : planIds.filter((p) => p !== id));
  const onSubmit = form.submit(t('standing.categories.invalid'), async (v) => {
    const fields = { communityId, name: v.name, description: v.description, isDefault, planIds };
    const saved = await act(() => (category ? update.mutateAsync({ ...fields, id: category.id }) : create.mutateAsync(fields)), t('standing.categories.failed'), t('standing.categories.saved'), form.applyServerError);
    if (saved) onDone();
  });
  return (
    <DialogForm onSubmit={onSubmit} onCancel={onDone} submitLabel={t('standing.categories.save')} busy={create.isPending || update.isPending} testId="category-form">
      <FormField name="name" label={t('standing.categories.name')} error={form.errors.name} required>
        <Input {...form.field('name')} id="name" maxLength={50} autoComplete="off" />
      </FormField>
      <FormField name="description" label={t('standing.categories.description')} error={form.errors.description}>
        <Textarea {...form.field('description')} id="description" maxLength={300} rows={2} />
      </FormField>
      {/* The default stays the default until another one takes its place (the server keeps one). */}
      <Checkbox.Root checked={isDefault} disabled={category?.isDefault} onCheckedChange={(d) => setDefault(d.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('standing.categories.isDefault')}</Checkbox.Label>
      </Checkbox.Root>
      <Stack as="fieldset" gap="2">
        <Text as="legend" fontWeight="medium" mb="2">
          {t('standing.categories.plans')}
        </Text>
        {plans.data?.length === 0 && (
          <Text fontSize="sm" color="fg.muted">
            {t('standing.categories.noPlans')}
          </Text>
        )}
        {plans.data?.map((p) => (
          <Checkbox.Root key={p.id} checked={planIds.includes(p.id)} onCheckedChange={(d) => toggle(p.id, d.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{p.name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
        <Text fontSize="sm" color="fg.muted">
          {t('standing.categories.plansHelp')}
        </Text>
      </Stack>
    </DialogForm>
  );
}
