import { Table, Text, type TableCellProps, type TableRootProps } from '@chakra-ui/react';

/*
 * A table whose rows become small stacked cards on a phone (below the md breakpoint): rows and
 * cells stack, the column headers stay for screen readers only, and every cell shows its column's
 * name beside its value (StackedCell), so no column is cut off or hidden. The roles are explicit
 * because a table laid out as blocks loses its implicit ones in some browsers. The circle's rounds,
 * the dues roll and the budget use it.
 */
const STACKED = {
  '@media screen and (max-width: 47.99em)': {
    '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
    '& tbody, & tfoot, & tr': { display: 'block' },
    '& tr': { borderBottomWidth: '1px', paddingBlock: '2' },
    '& tr:last-of-type': { borderBottomWidth: '0' },
    '& td': { display: 'flex', alignItems: 'baseline', gap: '3', borderBottomWidth: '0', paddingBlock: '1', textAlign: 'start', whiteSpace: 'normal', minWidth: '0' },
  },
};

/** The table itself (a Table.Root with the roles and the phone layout); its rows, headers and cells as usual, the cells StackedCells. */
export function StackedTable(props: Omit<TableRootProps, 'css'>) {
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

/** The header row: the columns' names in order, `end` ones aligned to the end (amounts, actions). */
export function StackedHeader({ columns }: { columns: readonly { label: string; end?: boolean }[] }) {
  return (
    <Table.Header role="rowgroup">
      <Table.Row role="row">
        {columns.map((c) => (
          <Table.ColumnHeader key={c.label} role="columnheader" textAlign={c.end ? 'end' : undefined}>
            {c.label}
          </Table.ColumnHeader>
        ))}
      </Table.Row>
    </Table.Header>
  );
}
