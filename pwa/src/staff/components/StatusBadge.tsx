/** A status of the API as a coloured badge: waiting is yellow, under way blue, done green, refused or broken red. */
import { Badge, type BadgeProps } from '@chakra-ui/react';
import { words } from '../format';

const PALETTES: Record<string, BadgeProps['colorPalette']> = {
  requested: 'yellow',
  pending: 'yellow',
  open: 'yellow',
  processing: 'blue',
  approved: 'blue',
  on_hold: 'blue',
  paid: 'green',
  completed: 'green',
  active: 'green',
  sold: 'green',
  delivered: 'green',
  closed: 'gray',
  cancelled: 'gray',
  rejected: 'red',
  failed: 'red',
  frozen: 'red',
  reversed: 'red',
  item_lost: 'red',
  overdue_hold: 'orange',
  failing_delivery: 'orange',
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <Badge colorPalette={PALETTES[status] ?? 'gray'} variant="subtle" size="md" flexShrink={0}>
      {label ?? words(status)}
    </Badge>
  );
}
