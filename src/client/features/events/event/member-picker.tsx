import { Button, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '../../../components/load-more';
import { FormField } from '../../../components/form-field';
import { useCursorList } from '../../../lib/use-cursor-list';
import { memberSettingsQuery } from '../../communities/queries';

/**
 * Choosing one of the community's members, for the hosts' dialogs: a hundred at a time (Load more
 * brings the rest), narrowed by typing part of a name. The chosen member stays in the list
 * whatever is typed.
 */
export function MemberPicker(props: {
  communityId: number;
  /** The select's id (the form focuses it when it is invalid). */
  name: string;
  label: string;
  value: string;
  onChange: (userId: string, name: string) => void;
  error?: string;
  /** Members not to offer (already in the list the dialog edits). */
  exclude?: ReadonlySet<string>;
  required?: boolean;
}) {
  const { t } = useTranslation();
  const { query, items } = useCursorList(memberSettingsQuery(props.communityId));
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const nameOf = (m: (typeof items)[number]) => `${m.user.firstName} ${m.user.lastName}`.trim();
  const matches = (m: (typeof items)[number]) =>
    !props.exclude?.has(m.userId) && (!needle || nameOf(m).toLocaleLowerCase().includes(needle) || (m.user.username ?? '').toLocaleLowerCase().includes(needle));
  const options = items.filter((m) => m.userId === props.value || matches(m));
  const noMatch = needle !== '' && !query.isPending && !query.isError && !items.some(matches);
  return (
    <Stack gap="3">
      <FormField name={`${props.name}-search`} label={t('event.addAnswer.search')} helper={t('event.addAnswer.searchHelp')}>
        <Input type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" size="sm" data-testid={`${props.name}-search`} />
      </FormField>
      <FormField name={props.name} label={props.label} error={props.error} required={props.required}>
        <NativeSelect.Root disabled={query.isPending}>
          <NativeSelect.Field
            value={props.value}
            onChange={(e) => {
              const m = items.find((x) => x.userId === e.target.value);
              props.onChange(e.target.value, m ? nameOf(m) : '');
            }}
            data-testid={props.name}
          >
            <option value="">{query.isPending ? t('common.loading') : t('event.addAnswer.chooseMember')}</option>
            {options.map((m) => (
              <option key={m.userId} value={m.userId}>
                {nameOf(m)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </FormField>
      {query.isError && (
        <HStack gap="3" role="alert" flexWrap="wrap" data-testid={`${props.name}-failed`}>
          <Text fontSize="sm" color="fg.error">
            {t('event.addAnswer.membersFailed')}
          </Text>
          <Button size="xs" variant="outline" type="button" onClick={() => void query.refetch()} loading={query.isFetching}>
            {t('event.tryAgain')}
          </Button>
        </HStack>
      )}
      {noMatch && (
        <Text fontSize="sm" color="fg.muted" role="status">
          {t('event.addAnswer.noMatch')}
        </Text>
      )}
      <LoadMore query={query} size="xs" alignSelf="flex-start">
        {t('event.addAnswer.moreMembers')}
      </LoadMore>
    </Stack>
  );
}
