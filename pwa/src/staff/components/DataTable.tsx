/**
 * A read-only table for the console's lists: it scrolls sideways inside its box when the screen is
 * narrower than its columns (a phone), so the page itself never does.
 */
import { type ReactNode } from 'react';
import { Table } from '@chakra-ui/react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned: amounts. */
  numeric?: boolean;
}

interface DataTableProps<Row> {
  /** The table's accessible name. */
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

export function DataTable<Row>({ label, columns, rows, rowKey }: DataTableProps<Row>) {
  return (
    <Table.ScrollArea borderWidth="1px" borderColor="border" borderRadius="l2" tabIndex={0} aria-label={label} role="region">
      <Table.Root size="sm" variant="line" css={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {columns.map((column) => (
              <Table.ColumnHeader key={column.header} textAlign={column.numeric ? 'end' : 'start'} color="fg.muted">
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={rowKey(row)} bg="bg.panel">
              {columns.map((column) => (
                <Table.Cell key={column.header} textAlign={column.numeric ? 'end' : 'start'}>
                  {column.cell(row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
