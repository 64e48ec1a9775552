import { Input, Stack, Switch, Text, Textarea } from '@chakra-ui/react';
import { FormField } from '../../components/form-field';
import { BannerPicker } from '../../components/image-picker';
import type { useZodForm } from '../../lib/use-zod-form';
import type { createCommunityInput } from '../../../shared/schemas/communities';

type Form = ReturnType<typeof useZodForm<typeof createCommunityInput>>;

/** A community's fields (image, name, description, location, public or private): the create form's, reused by the General settings. */
export function CommunityFields({ form }: { form: Form }) {
  const isPublic = form.values.isPublic ?? true;
  return (
    <Stack gap="4">
      <FormField name="imageUrl" label="Community image" error={form.errors.imageUrl}>
        <BannerPicker id="imageUrl-file" value={form.values.imageUrl || null} onChange={(url) => form.setValue('imageUrl', url ?? '')} />
      </FormField>
      <FormField name="name" label="Community Name" error={form.errors.name} required>
        <Input {...form.field('name')} placeholder="e.g. Houston Njangi Circle" maxLength={120} />
      </FormField>
      <FormField name="description" label="Description" error={form.errors.description} required helper={`${(form.values.description ?? '').length}/500`}>
        <Textarea {...form.field('description')} rows={4} placeholder="What brings your members together?" maxLength={520} />
      </FormField>
      <FormField name="location" label="Location (Optional)" error={form.errors.location}>
        <Input {...form.field('location')} placeholder="City, Country" />
      </FormField>
      <Switch.Root
        checked={isPublic}
        onCheckedChange={(e) => form.setValue('isPublic', e.checked)}
        colorPalette="brand"
        ids={{ hiddenInput: 'isPublic' }}
      >
        <Switch.HiddenInput />
        <Switch.Control>
          <Switch.Thumb />
        </Switch.Control>
        <Switch.Label>Public Community</Switch.Label>
      </Switch.Root>
      <Text fontSize="sm" color="fg.muted" mt="-2">
        {isPublic
          ? 'Anyone can discover and join this community.'
          : 'Private: people can find it, but membership requires approval from community administrators.'}
      </Text>
    </Stack>
  );
}
