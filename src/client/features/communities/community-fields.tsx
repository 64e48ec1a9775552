import { Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { BannerPicker } from '../../components/image-picker';
import { SettingSwitch } from '../../components/setting-switch';
import { ZoneSelect } from '../../components/zone-select';
import type { useZodForm } from '../../lib/use-zod-form';
import type { createCommunityInput } from '@shared/schemas/communities';

type Form = ReturnType<typeof useZodForm<typeof createCommunityInput>>;

/** A community's fields (image, name, description, location, time zone, public or private): the create form's, reused by the General settings. */
export function CommunityFields({ form }: { form: Form }) {
  const { t } = useTranslation();
  const isPublic = form.values.isPublic ?? true;
  return (
    <Stack gap="4">
      <FormField name="imageUrl" label={t('communities.fields.image')} error={form.errors.imageUrl}>
        <BannerPicker id="imageUrl-file" value={form.values.imageUrl || null} onChange={(url) => form.setValue('imageUrl', url ?? '')} />
      </FormField>
      <FormField name="name" label={t('communities.fields.name')} error={form.errors.name} required>
        <Input {...form.field('name')} placeholder={t('communities.fields.namePlaceholder')} maxLength={120} />
      </FormField>
      <FormField
        name="description"
        label={t('communities.fields.description')}
        error={form.errors.description}
        required
        helper={`${(form.values.description ?? '').length}/500`}
      >
        <Textarea {...form.field('description')} rows={4} placeholder={t('communities.fields.descriptionPlaceholder')} maxLength={520} />
      </FormField>
      <FormField name="location" label={t('communities.fields.location')} error={form.errors.location}>
        <Input {...form.field('location')} placeholder={t('communities.fields.locationPlaceholder')} />
      </FormField>
      <FormField name="timeZone" label={t('communities.fields.timeZone')} error={form.errors.timeZone} helper={t('communities.fields.timeZoneHelp')}>
        <ZoneSelect value={form.values.timeZone || 'UTC'} onChange={(zone) => form.setValue('timeZone', zone)} />
      </FormField>
      <SettingSwitch id="isPublic" label={t('communities.fields.public')} checked={isPublic} onChange={(on) => form.setValue('isPublic', on)} />
      <Text fontSize="sm" color="fg.muted" mt="-2">
        {isPublic ? t('communities.fields.publicHint') : t('communities.fields.privateHint')}
      </Text>
    </Stack>
  );
}
