import { Table, Text, type TableCellProps, type TableRootProps } from '@chakra-ui/react';

/*
 * A table that becomes stacked cards on a phone: below the md breakpoint the rows and cells stack,
 * the column headers stay for screen readers only, and every cell shows its column's name beside
 * its value. The roles are explicit because a table laid out as blocks loses its implicit ones in
 * some browsers, so a StackedTable's header, body, rows and headers carry theirs too.
 */
const STACKED = {
  '@media screen and (max-width: 47.99em)': {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tbody, & tr': { display: 'block' },
    '& tr': { borderBottomWidth: '1px', paddingBlock: '2' },
    '& tr:last-of-type': { borderBottomWidth: '0' },
    '& td': { display: 'flex', alignItems: 'baseline', gap: '3', borderBottomWidth: '0', paddingBlock: '1', textAlign: 'start', whiteSpace: 'normal', minWidth: '0' },
  },
};

/** The table's root with the phone layout; use Table.Header/Body/Row/ColumnHeader with their roles inside, and StackedCell for cells. */
export function StackedTable(props: TableRootProps) {
  return <Table.Root role="table" css={STACKED} {...props} />;
}

/** A cell with its column's name in front of it on a phone (hidden from screen readers, which have the header). */
export function StackedCell({ label, children, ...props }: TableCellProps & { label: string }) {
  return (
    <Table.Cell role="cell" {...props}>
      <Text as="span" hideFrom="md" aria-hidden flex="0 0 6.5rem" color="fg.muted" fontSize="xs" fontWeight="medium">
        {label}
      </Text>
      {children}
    </Table.Cell>
  );
}
