import { Table } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/**
 * A list table of the dashboard: bordered, scrolling sideways on a narrow screen, small; the header
 * cells (`header`), then the rows (`children`). `caption` is read by screen readers only, and names
 * the scrolling region.
 */
export function DataTable({
  header,
  caption,
  children,
  ...rootProps
}: Omit<Table.RootProps, 'children'> & { header: ReactNode; caption?: string; children: ReactNode }) {
  return (
    // Focusable and named: a keyboard scrolls a wide table sideways too (axe scrollable-region-focusable).
    // Positioned: a visually hidden header (absolute) is held inside the scrolling area; without it,
    // placed against the page, it made the whole page scroll sideways on a phone.
    <Table.ScrollArea
      position="relative"
      borderWidth="1px"
      rounded="md"
      tabIndex={0}
      role="region"
      aria-label={caption ?? rootProps['aria-label'] ?? 'Table'}
    >
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
