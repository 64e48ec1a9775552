import { Button, Card, Container, Heading, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { AvatarPicker } from '../../components/image-picker';
import { notify } from '../../components/toaster';
import { useSignedInUser } from '../../features/auth/current-user';
import { changeLanguage, currentLanguage } from '../../i18n';
import { useZodForm } from '../../lib/use-zod-form';
import { T_SHIRT_SIZES } from '@shared/constants';
import { LANGUAGE_NAMES, LANGUAGES } from '@shared/i18n/languages';
import { profileUpdateInput } from '@shared/schemas/profile';
import { trpc } from '../../trpc';
import { Select } from '../../components/select';

// The form starts from the signed-in user, whom the layout's guard has already loaded.
export const Route = createFileRoute('/_signed-in/edit-profile')({ component: EditProfile });

function EditProfile() {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useZodForm(profileUpdateInput, {
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username ?? '',
    phoneNumber: user.phoneNumber ?? '',
    location: user.location ?? '',
    birthday: user.birthday ?? '',
    tShirtSize: (user.tShirtSize ?? '') as (typeof T_SHIRT_SIZES)[number] | '',
    socialMedia: user.socialMedia ?? '',
    profileImageUrl: user.profileImageUrl ?? '',
    language: user.language,
  });
  const update = useMutation(trpc.profile.update.mutationOptions());
  // A language chosen meanwhile in the side panel is the form's too (saving must not undo it).
  const { setValue } = form;
  useEffect(() => setValue('language', user.language), [setValue, user.language]);

  const onSubmit = form.submit(t('profile.edit.checkForm'), async (data) => {
    let saved;
    try {
      saved = await update.mutateAsync(data);
      queryClient.setQueryData(trpc.auth.me.queryKey(), saved);
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error(t('profile.edit.failed'), info.message);
    }
    // The interface follows the language just saved (kept as it is if its texts cannot load).
    if (saved.language !== currentLanguage()) await changeLanguage(saved.language).catch(() => undefined);
    // i18n.t, not t: the language may have just changed, and t keeps the one it was rendered in.
    notify.success(i18n.t('profile.saved.title'), i18n.t('profile.saved.description'));
    await navigate({ to: '/profile' });
  });

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="2xl" mb="6">
        {t('profile.edit.title')}
      </Heading>
      <form onSubmit={onSubmit} noValidate>
        <Card.Root>
          <Card.Body>
            <Stack gap="5">
              <FormField name="profileImageUrl" label={t('profile.fields.profileImage')} error={form.errors.profileImageUrl}>
                <AvatarPicker
                  id="profileImageUrl-file"
                  value={form.values.profileImageUrl || null}
                  fallback={(form.values.firstName?.[0] ?? 'U').toUpperCase()}
                  onChange={(url) => form.setValue('profileImageUrl', url ?? '')}
                />
              </FormField>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <FormField name="firstName" label={t('profile.fields.firstName')} error={form.errors.firstName}>
                  <Input {...form.field('firstName')} autoComplete="given-name" />
                </FormField>
                <FormField name="lastName" label={t('profile.fields.lastName')} error={form.errors.lastName}>
                  <Input {...form.field('lastName')} autoComplete="family-name" />
                </FormField>
                <FormField name="username" label={t('profile.fields.username')} error={form.errors.username}>
                  <Input {...form.field('username')} autoComplete="username" />
                </FormField>
                <FormField name="phoneNumber" label={t('profile.fields.phoneNumber')} error={form.errors.phoneNumber}>
                  <Input {...form.field('phoneNumber')} type="tel" autoComplete="tel" placeholder="+1 713 555 0100" />
                </FormField>
                <FormField name="location" label={t('profile.fields.location')} error={form.errors.location}>
                  <Input {...form.field('location')} autoComplete="address-level2" placeholder={t('profile.placeholders.location')} />
                </FormField>
                <FormField name="birthday" label={t('profile.fields.birthday')} error={form.errors.birthday}>
                  <Input {...form.field('birthday')} type="date" autoComplete="bday" />
                </FormField>
                <FormField name="tShirtSize" label={t('profile.fields.tShirtSize')} error={form.errors.tShirtSize}>
                  <Select {...form.field('tShirtSize')} placeholder={t('profile.notSet')} options={T_SHIRT_SIZES.map((s) => ({ value: s, label: s }))} />
                </FormField>
                <FormField name="language" label={t('common.language')} error={form.errors.language}>
                  <Select {...form.field('language')} options={LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l], lang: l }))} />
                </FormField>
              </SimpleGrid>
              <FormField name="socialMedia" label={t('profile.fields.socialMedia')} error={form.errors.socialMedia} helper={t('profile.edit.socialMediaHelper')}>
                <Textarea {...form.field('socialMedia')} rows={2} />
              </FormField>
            </Stack>
          </Card.Body>
          <Card.Footer justifyContent="flex-end" gap="3">
            <Button asChild variant="ghost">
              <Link to="/profile">{t('common.cancel')}</Link>
            </Button>
            <Button type="submit" colorPalette="brand" loading={update.isPending} loadingText={t('profile.edit.saving')}>
              {t('profile.edit.save')}
            </Button>
          </Card.Footer>
        </Card.Root>
      </form>
    </Container>
  );
}
