import { Button, Card, Container, Heading, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute, useNavigate } from '@tanstack/react-router';
import { FormField } from '../../components/form-field';
import { AvatarPicker } from '../../components/image-picker';
import { notify } from '../../components/toaster';
import { useSignedInUser } from '../../features/auth/current-user';
import { useZodForm } from '../../lib/use-zod-form';
import { T_SHIRT_SIZES } from '../../../shared/constants';
import { profileUpdateInput } from '../../../shared/schemas/profile';
import { trpc } from '../../trpc';

// The form starts from the signed-in user, whom the layout's guard has already loaded.
export const Route = createFileRoute('/_signed-in/edit-profile')({ component: EditProfile });

function EditProfile() {
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
  });
  const update = useMutation(trpc.profile.update.mutationOptions());

  async function onSubmit(e: React.FormEvent) {
    e.preventDefault();
    const checked = form.validate();
    if (!checked.data) return notify.error('Please check the form', checked.error);
    try {
      const saved = await update.mutateAsync(checked.data);
      queryClient.setQueryData(trpc.auth.me.queryKey(), saved);
    } catch (error) {
      const info = form.applyServerError(error);
      return notify.error('Failed to update profile', info.message);
    }
    notify.success('Profile updated', 'Your profile has been updated successfully.');
    await navigate({ to: '/profile' });
  }

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="2xl" mb="6">
        Edit profile
      </Heading>
      <form onSubmit={onSubmit} noValidate>
        <Card.Root>
          <Card.Body>
            <Stack gap="5">
              <FormField name="profileImageUrl" label="Profile image" error={form.errors.profileImageUrl}>
                <AvatarPicker
                  id="profileImageUrl-file"
                  value={form.values.profileImageUrl || null}
                  fallback={(form.values.firstName?.[0] ?? 'U').toUpperCase()}
                  onChange={(url) => form.setValue('profileImageUrl', url ?? '')}
                />
              </FormField>
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <FormField name="firstName" label="First name" error={form.errors.firstName}>
                  <Input {...form.field('firstName')} autoComplete="given-name" />
                </FormField>
                <FormField name="lastName" label="Last name" error={form.errors.lastName}>
                  <Input {...form.field('lastName')} autoComplete="family-name" />
                </FormField>
                <FormField name="username" label="Username" error={form.errors.username}>
                  <Input {...form.field('username')} autoComplete="username" />
                </FormField>
                <FormField name="phoneNumber" label="Phone number" error={form.errors.phoneNumber}>
                  <Input {...form.field('phoneNumber')} type="tel" autoComplete="tel" placeholder="+1 713 555 0100" />
                </FormField>
                <FormField name="location" label="Location" error={form.errors.location}>
                  <Input {...form.field('location')} autoComplete="address-level2" placeholder="City, Country" />
                </FormField>
                <FormField name="birthday" label="Birthday" error={form.errors.birthday}>
                  <Input {...form.field('birthday')} type="date" autoComplete="bday" />
                </FormField>
                <FormField name="tShirtSize" label="T-shirt size" error={form.errors.tShirtSize}>
                  <NativeSelect.Root>
                    <NativeSelect.Field {...form.field('tShirtSize')}>
                      <option value="">Not set</option>
                      {T_SHIRT_SIZES.map((s) => (
                        <option key={s} value={s}>
                          {s}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              </SimpleGrid>
              <FormField name="socialMedia" label="Social media" error={form.errors.socialMedia} helper="Handles or links, e.g. @amara on Instagram">
                <Textarea {...form.field('socialMedia')} rows={2} />
              </FormField>
            </Stack>
          </Card.Body>
          <Card.Footer justifyContent="flex-end" gap="3">
            <Button asChild variant="ghost">
              <Link to="/profile">Cancel</Link>
            </Button>
            <Button type="submit" colorPalette="brand" loading={update.isPending} loadingText="Saving...">
              Save changes
            </Button>
          </Card.Footer>
        </Card.Root>
      </form>
    </Container>
  );
}
