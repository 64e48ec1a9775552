import { Box, chakra, Checkbox, Input, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { type ChangeEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EVENT_DESCRIPTION_MAX, EVENT_PLACE_MAX, EVENT_TITLE_MAX, MAX_CAPACITY } from '@shared/events/rules';
import { isValidLocalTime } from '@shared/events/time';
import { FormField } from '../../components/form-field';
import { BannerPicker } from '../../components/image-picker';
import { shiftTime, toInstants } from './event-form-model';
import { ZoneSelect } from '../../components/zone-select';
import { formatEventRange, viewerTimeZone } from './when';

/*
 * The fields the Schedule and Edit dialogs share: what, when (a local date and times on the
 * chosen zone's clock), where, the cover, and who can come. The dialogs own the state (useZodForm)
 * and hand it in.
 */

export type CommonValues = {
  title: string;
  description: string;
  date: string;
  startTime: string;
  multiDay: boolean;
  endDate: string;
  endTime: string;
  timeZone: string;
  place: string;
  onlineUrl: string;
  coverUrl: string | null;
  capacity: string;
  visibility: 'members' | 'public';
  guestListHidden: boolean;
};
type TextKey = { [K in keyof CommonValues]: CommonValues[K] extends string ? K : never }[keyof CommonValues];

/** What the fields need of the dialog's form. */
export type FieldsApi = {
  values: CommonValues;
  errors: Partial<Record<string, string>>;
  set: <K extends keyof CommonValues>(name: K, value: CommonValues[K]) => void;
};

/** A group of the form's fields under its legend (plain fieldset: the theme has no Fieldset recipe). */
export function Section({ legend, children, ...props }: { legend: string; children: ReactNode; id?: string; tabIndex?: number }) {
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0" {...props}>
      <chakra.legend fontWeight="semibold" fontSize="md" mb="3" p="0">
        {legend}
      </chakra.legend>
      <Stack gap="4">{children}</Stack>
    </chakra.fieldset>
  );
}

/** Radio choices as cards with a line of help each (visibility, the scope of an edit). */
export function ChoiceCards<V extends string>(props: { name: string; legend: string; value: V; options: { value: V; label: string; help: string }[]; onChange: (value: V) => void; error?: string }) {
  return (
    <chakra.fieldset border="0" p="0" m="0" minW="0" id={props.name} tabIndex={-1} _focusVisible={{ outline: 'none' }}>
      <chakra.legend fontWeight="medium" fontSize="sm" mb="2" p="0">
        {props.legend}
      </chakra.legend>
      <ChoiceCardList name={props.name} value={props.value} options={props.options} onChange={props.onChange} />
      {props.error && (
        <Text color="fg.error" fontSize="sm" mt="1">
          {props.error}
        </Text>
      )}
    </chakra.fieldset>
  );
}

/** The cards of ChoiceCards alone, for a form that gives them a legend of its own. */
export function ChoiceCardList<V extends string>(props: { name: string; value: V; options: { value: V; label: string; help: string }[]; onChange: (value: V) => void }) {
  return (
    <Stack gap="2">
      {props.options.map((o) => {
        const checked = props.value === o.value;
        const id = `${props.name}-${o.value}`;
        return (
          <chakra.label
            key={o.value}
            display="flex"
            gap="3"
            alignItems="flex-start"
            borderWidth="1px"
            rounded="md"
            p="3"
            cursor="pointer"
            borderColor={checked ? 'brand.solid' : 'border'}
            bg={checked ? 'brand.subtle' : undefined}
            _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
          >
            <chakra.input
              type="radio"
              name={props.name}
              value={o.value}
              checked={checked}
              onChange={() => props.onChange(o.value)}
              mt="1"
              flexShrink={0}
              css={{ accentColor: 'var(--chakra-colors-brand-solid)' }}
              aria-labelledby={id}
              aria-describedby={`${id}-help`}
              data-testid={id}
              _focusVisible={{ outline: 'none' }}
            />
            <Box>
              <Text id={id} fontWeight="medium">
                {o.label}
              </Text>
              <Text id={`${id}-help`} fontSize="sm" color="fg.muted">
                {o.help}
              </Text>
            </Box>
          </chakra.label>
        );
      })}
    </Stack>
  );
}

/** Title and description. */
export function WhatFields({ api }: { api: FieldsApi }) {
  const { t } = useTranslation();
  const text = (name: TextKey) => ({ name, value: api.values[name], onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => api.set(name, e.target.value) });
  return (
    <>
      <FormField name="title" label={t('events.form.title')} error={api.errors.title} required>
        <Input {...text('title')} placeholder={t('events.form.titlePlaceholder')} maxLength={EVENT_TITLE_MAX} autoComplete="off" data-testid="event-title-input" />
      </FormField>
      <FormField name="description" label={t('events.form.description')} error={api.errors.description} helper={t('events.form.descriptionHelp')}>
        <Textarea {...text('description')} rows={4} maxLength={EVENT_DESCRIPTION_MAX} autoresize maxH="60" />
      </FormField>
    </>
  );
}

/** Date, start and end (a later end date for events over several days), and the zone whose clock they are on. */
export function WhenFields({ api, minDate }: { api: FieldsApi; minDate?: string }) {
  const { t } = useTranslation();
  const v = api.values;
  const viewer = viewerTimeZone();
  const when = toInstants({ ...v, endDate: v.multiDay ? v.endDate : v.date });
  const elsewhere = when && when.endsAt > when.startsAt && v.timeZone !== viewer ? formatEventRange(when.startsAt, when.endsAt, viewer) : null;

  // A new start keeps the event's length (same day), as calendar apps do.
  const onStart = (e: ChangeEvent<HTMLInputElement>) => {
    const next = e.target.value;
    if (!v.multiDay && isValidLocalTime(next) && isValidLocalTime(v.startTime) && isValidLocalTime(v.endTime)) {
      const minutes = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
      const length = minutes(v.endTime) - minutes(v.startTime);
      if (length > 0) api.set('endTime', shiftTime(next, length));
    }
    api.set('startTime', next);
  };

  return (
    <>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <FormField name="date" label={t('events.form.date')} error={api.errors.date} required>
          <Input type="date" min={minDate} value={v.date} onChange={(e) => api.set('date', e.target.value)} data-testid="event-date-input" />
        </FormField>
        <FormField name="startTime" label={t('events.form.startTime')} error={api.errors.startTime} required>
          <Input type="time" step={300} value={v.startTime} onChange={onStart} data-testid="event-start-input" />
        </FormField>
        <FormField name="endTime" label={t('events.form.endTime')} error={api.errors.endTime} required>
          <Input type="time" step={300} value={v.endTime} onChange={(e) => api.set('endTime', e.target.value)} data-testid="event-end-input" />
        </FormField>
      </SimpleGrid>
      <Checkbox.Root
        size="sm"
        checked={v.multiDay}
        onCheckedChange={(c) => {
          api.set('multiDay', c.checked === true);
          if (c.checked === true && !v.endDate) api.set('endDate', v.date);
        }}
        data-testid="event-multi-day"
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label fontWeight="normal">{t('events.form.multiDay')}</Checkbox.Label>
      </Checkbox.Root>
      {v.multiDay && (
        <FormField name="endDate" label={t('events.form.endDate')} error={api.errors.endDate} required>
          <Input type="date" min={v.date || minDate} value={v.endDate} onChange={(e) => api.set('endDate', e.target.value)} data-testid="event-end-date-input" />
        </FormField>
      )}
      <FormField name="timeZone" label={t('events.form.timeZone')} error={api.errors.timeZone} helper={elsewhere ? t('events.form.yourTime', { range: elsewhere }) : t('events.form.timeZoneHelp')}>
        <ZoneSelect value={v.timeZone} onChange={(zone) => api.set('timeZone', zone)} />
      </FormField>
    </>
  );
}

/** Place and online link. */
export function WhereFields({ api }: { api: FieldsApi }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField name="place" label={t('events.form.place')} error={api.errors.place} helper={t('events.form.placeHelp')}>
        <Input value={api.values.place} onChange={(e) => api.set('place', e.target.value)} placeholder={t('events.form.placePlaceholder')} maxLength={EVENT_PLACE_MAX} autoComplete="street-address" />
      </FormField>
      <FormField name="onlineUrl" label={t('events.form.onlineUrl')} error={api.errors.onlineUrl} helper={t('events.form.onlineUrlHelp')}>
        <Input
          type="url"
          inputMode="url"
          value={api.values.onlineUrl}
          onChange={(e) => api.set('onlineUrl', e.target.value)}
          placeholder={t('events.form.onlineUrlPlaceholder')}
          maxLength={500}
          autoComplete="url"
        />
      </FormField>
    </>
  );
}

/** The cover image (uploaded at once, like a community's banner). */
export function CoverField({ api }: { api: FieldsApi }) {
  const { t } = useTranslation();
  return (
    <Stack gap="1.5">
      <chakra.label htmlFor="coverUrl" fontWeight="medium" fontSize="sm">
        {t('events.form.cover')}
      </chakra.label>
      <BannerPicker id="coverUrl" value={api.values.coverUrl} onChange={(url) => api.set('coverUrl', url)} />
      {api.errors.coverUrl && (
        <Text color="fg.error" fontSize="sm">
          {api.errors.coverUrl}
        </Text>
      )}
    </Stack>
  );
}

/** Capacity, visibility and whether members see who is going; `note` goes under the capacity (the edit dialog's word on places already taken). */
export function PeopleFields({ api, note }: { api: FieldsApi; note?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <FormField name="capacity" label={t('events.form.capacity')} error={api.errors.capacity} helper={t('events.form.capacityHelp')}>
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_CAPACITY}
          step={1}
          value={api.values.capacity}
          onChange={(e) => api.set('capacity', e.target.value)}
          maxW={{ sm: '40' }}
          data-testid="event-capacity-input"
        />
      </FormField>
      {note}
      <ChoiceCards
        name="visibility"
        legend={t('events.form.visibility')}
        value={api.values.visibility}
        onChange={(value) => api.set('visibility', value)}
        error={api.errors.visibility}
        options={[
          { value: 'members', label: t('events.form.visibilityMembers'), help: t('events.form.visibilityMembersHelp') },
          { value: 'public', label: t('events.form.visibilityPublic'), help: t('events.form.visibilityPublicHelp') },
        ]}
      />
      <ChoiceCards
        name="guestList"
        legend={t('events.form.guestList')}
        value={api.values.guestListHidden ? 'hidden' : 'shown'}
        onChange={(value) => api.set('guestListHidden', value === 'hidden')}
        error={api.errors.guestListHidden}
        options={[
          { value: 'shown', label: t('events.form.guestListShown'), help: t('events.form.guestListShownHelp') },
          { value: 'hidden', label: t('events.form.guestListHidden'), help: t('events.form.guestListHiddenHelp') },
        ]}
      />
    </>
  );
}
