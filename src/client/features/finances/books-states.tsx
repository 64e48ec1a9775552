import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ListStates } from '../../components/list-states';

/** A finance card's query in the state it is in (components/list-states.tsx), with the books' own "Loading…" and "Try again". */
export function BooksStates(props: Omit<ComponentProps<typeof ListStates>, 'loading' | 'retry'>) {
  const { t } = useTranslation();
  return <ListStates loading={t('finances.loading')} retry={t('finances.tryAgain')} {...props} />;
}
