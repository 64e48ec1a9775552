import { Box, Checkbox, CloseButton, HStack, Input, Spinner, Stack, Tag, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '../../components/form-field';
import { peopleQuery } from './queries';
import { useDebounced } from '../../lib/use-debounced';

/** Someone chosen, with the communities the caller shares with them (a group lives in one they all share). */
export type Person = { id: string; name: string; communityIds: number[] };

/**
 * People found by name, ticked into a selection (shown above as removable tags): the members of
 * `communityId`, or without it everyone who shares a community with the caller (the server
 * scopes the search). `max` stops further ticks once reached, and says so.
 */
export function PeopleChooser(props: { communityId?: number; chosen: Person[]; onChange: (chosen: Person[]) => void; max: number; limitText: string }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const prefix = useDebounced(search.trim(), 200);
  const q = useQuery(peopleQuery(prefix, props.communityId));
  const chosenIds = new Set(props.chosen.map((p) => p.id));
  const full = props.chosen.length >= props.max;
  const toggle = (p: Person, on: boolean) => props.onChange(on ? [...props.chosen, p] : props.chosen.filter((x) => x.id !== p.id));
  return (
    <Stack gap="3">
      {props.chosen.length > 0 && (
        <Box>
          <Text fontSize="sm" fontWeight="medium" mb="1">
            {t('chat.screen.picker.chosen')}
          </Text>
          <HStack wrap="wrap" gap="1" as="ul" listStyleType="none" data-testid="picker-chosen">
            {props.chosen.map((p) => (
              <Tag.Root as="li" key={p.id} size="lg" colorPalette="brand">
                <Tag.Label>{p.name}</Tag.Label>
                <Tag.EndElement>
                  <CloseButton
                    size="2xs"
                    aria-label={t('chat.screen.picker.remove', {
                      name: p.name,
                    })}
                    onClick={() => toggle(p, false)}
                  />
                </Tag.EndElement>
              </Tag.Root>
            ))}
          </HStack>
        </Box>
      )}
      <FormField name="chat-people-search" label={t('chat.screen.picker.search')}>
        <Input value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('chat.screen.picker.searchPlaceholder')} autoComplete="off" data-testid="picker-search" />
      </FormField>
      {full && (
        <Text fontSize="sm" color="fg.muted" role="status">
          {props.limitText}
        </Text>
      )}
      <Box maxH={{ base: '56', sm: '64' }} overflowY="auto" borderWidth="1px" rounded="md" p="2" aria-busy={q.isFetching}>
        {q.isPending ? (
          <HStack color="fg.muted" fontSize="sm" p="1">
            <Spinner size="xs" />
            <Text>{t('chat.screen.picker.searching')}</Text>
          </HStack>
        ) : !q.data?.length ? (
          <Text fontSize="sm" color="fg.muted" p="1">
            {t('chat.screen.picker.none')}
          </Text>
        ) : (
          <Stack gap="2" role="group" aria-label={t('chat.screen.picker.results')}>
            {q.data.map((p) => (
              <Checkbox.Root
                key={p.id}
                checked={chosenIds.has(p.id)}
                disabled={full && !chosenIds.has(p.id)}
                onCheckedChange={(x) => toggle({ id: p.id, name: p.name, communityIds: p.communityIds }, x.checked === true)}
                data-testid="picker-person"
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>
                  {p.name}
                  {p.username && (
                    <Text as="span" color="fg.muted" ms="2" fontWeight="normal">
                      @{p.username}
                    </Text>
                  )}
                </Checkbox.Label>
              </Checkbox.Root>
            ))}
          </Stack>
        )}
      </Box>
      <Text srOnly aria-live="polite">
        {q.data && prefix ? t('discussions.mention.count', { count: q.data.length }) : ''}
      </Text>
    </Stack>
  );
}
