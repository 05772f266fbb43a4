/** A small table of facts in a help article (fees, processing times, condition ranges). */
import { type ReactNode } from 'react';
import { Table } from '@chakra-ui/react';

export function InfoTable({ caption, headers, rows }: { caption: string; headers: readonly string[]; rows: readonly (readonly ReactNode[])[] }) {
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg">
      <Table.Root size="sm">
        <Table.Caption captionSide="top" srOnly>
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row bg="bg.subtle">
            {headers.map((header) => (
              <Table.ColumnHeader key={header}>{header}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((cells, row) => (
            <Table.Row key={row}>
              {cells.map((cell, column) => (
                <Table.Cell key={column} color={column === 0 ? 'fg' : 'fg.muted'}>
                  {cell}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
