import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A list table of the dashboard: bordered, scrolling sideways on a narrow screen, small; the header
 * cells (`header`), then the rows (`children`). `caption` is read by screen readers only.
 */
export function DataTable({
  header,
  caption,
  children,
  ...rootProps
}: Omit<Table.RootProps, 'children'> & { header: ReactNode; caption?: string; children: ReactNode }) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" {...rootProps}>
        {caption && <Table.Caption srOnly>{caption}</Table.Caption>}
        <Table.Header>
          <Table.Row>{header}</Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
