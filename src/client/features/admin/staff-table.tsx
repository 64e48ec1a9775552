import { Button, Card, HStack, Input, InputGroup, Skeleton, Table, Text } from '@chakra-ui/react';
import { Search } from 'lucide-react';
import { useDeferredValue, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';

/** Search text and offset paging for the staff tables (server-side, with Previous and Next). */
export function useSearchPaging(pageSize: number) {
  const [search, setSearchText] = useState('');
  const [offset, setOffset] = useState(0);
  const term = useDeferredValue(search.trim());
  return {
    search,
    term: term || undefined,
    offset,
    setSearch: (v: string) => {
      setSearchText(v);
      setOffset(0);
    },
    previous: () => setOffset((o) => Math.max(0, o - pageSize)),
    next: (cursor: number | null | undefined) => cursor != null && setOffset(cursor),
  };
}

/** The rows a page shows, as the pager's summary says them in every staff table: '1–20', or '0'. */
export function pageRange(offset: number, shown: number): string {
  return shown ? `${formatNumber(offset + 1)}–${formatNumber(offset + shown)}` : formatNumber(0);
}

/** A staff table's search box, bound to the table's paging (useSearchPaging). */
export function StaffSearch(props: { label: string; placeholder: string; paging: { search: string; setSearch: (v: string) => void } }) {
  return (
    <InputGroup startElement={<Search size={16} aria-hidden />} maxW="md">
      <Input aria-label={props.label} placeholder={props.placeholder} value={props.paging.search} onChange={(e) => props.paging.setSearch(e.target.value)} />
    </InputGroup>
  );
}

export function StaffPager(props: { summary: string; canPrevious: boolean; canNext: boolean; onPrevious: () => void; onNext: () => void }) {
  const { t } = useTranslation();
  return (
    <Card.Footer justifyContent="space-between" flexWrap="wrap" gap="3">
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {props.summary}
      </Text>
      <HStack>
        <Button size="sm" variant="outline" disabled={!props.canPrevious} onClick={props.onPrevious}>
          {t('admin.pager.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={!props.canNext} onClick={props.onNext}>
          {t('admin.pager.next')}
        </Button>
      </HStack>
    </Card.Footer>
  );
}

/**
 * A staff card's table in the state its query is in: a placeholder `loadingHeight` high while it
 * loads, `empty` (an EmptyNote) when there is nothing to list, else the table, which scrolls
 * sideways where it is wider than the screen.
 */
export function StaffTableBody({ pending, empty, loadingHeight, children }: { pending: boolean; empty: ReactNode; loadingHeight: string; children: () => ReactNode }) {
  return <Card.Body>{pending ? <Skeleton h={loadingHeight} /> : empty || <Table.ScrollArea>{children()}</Table.ScrollArea>}</Card.Body>;
}
