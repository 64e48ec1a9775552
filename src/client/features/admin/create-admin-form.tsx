import { Button, Card, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { PasswordInput } from '../../components/password-input';
import { notify } from '../../components/toaster';
import { useZodForm } from '../../lib/use-zod-form';
import { createAdminForm, splitName } from '../../../shared/schemas/admin';
import { trpc } from '../../trpc';

/** Creates a staff account with role admin: one name field, split at the first space into first and last name. Shown to those who manage staff. */
export function CreateAdminForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useZodForm(createAdminForm, { name: '', email: '', password: '' });
  const create = useMutation(trpc.admin.createAdmin.mutationOptions());
  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error(t('admin.createAdmin.failed'), checked.error);
    try {
      const user = await create.mutateAsync({ ...splitName(checked.data.name), email: checked.data.email, password: checked.data.password, role: 'admin' });
      notify.success(t('admin.createAdmin.created'), user.email);
      form.setValues({ name: '', email: '', password: '' });
      await queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() });
    } catch (error) {
      notify.error(t('admin.createAdmin.failed'), form.applyServerError(error).message || t('admin.createAdmin.failedFallback'));
    }
  }
  return (
    <Card.Root>
      <Card.Header>
        <Card.Title as="h2">{t('admin.createAdmin.title')}</Card.Title>
        <Text fontSize="sm" color="fg.muted">
          {t('admin.createAdmin.description')}
        </Text>
      </Card.Header>
      <Card.Body>
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, md: 3 }} gap="4">
              <FormField name="name" label={t('admin.createAdmin.name')} error={form.errors.name}>
                <Input {...form.field('name')} autoComplete="off" />
              </FormField>
              <FormField name="email" label={t('admin.createAdmin.email')} error={form.errors.email}>
                <Input {...form.field('email')} type="email" autoComplete="off" />
              </FormField>
              <FormField name="password" label={t('admin.createAdmin.password')} error={form.errors.password}>
                <PasswordInput {...form.field('password')} autoComplete="new-password" />
              </FormField>
            </SimpleGrid>
            <Button type="submit" colorPalette="brand" alignSelf="flex-start" loading={create.isPending} loadingText={t('admin.createAdmin.submitting')}>
              {t('admin.createAdmin.submit')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
