/**
 * The watchlist star of a market item (docs/adr/0078-watchlist-alerts.md): a toggle button,
 * 'Add to watchlist' or 'Remove from watchlist' with aria-pressed, drawn on the Buy tab's cards
 * (over the picture's corner) and in the item dialog. The screen decides what a press does.
 */
import { IconButton, type IconButtonProps } from '@chakra-ui/react';
import { StarIcon } from 'lucide-react';

interface WatchButtonProps extends Omit<IconButtonProps, 'aria-label' | 'aria-pressed' | 'onClick'> {
  watched: boolean;
  onToggle: () => void;
}

export function WatchButton({ watched, onToggle, ...rest }: WatchButtonProps) {
  return (
    <IconButton
      aria-label={watched ? 'Remove from watchlist' : 'Add to watchlist'}
      aria-pressed={watched}
      title={watched ? 'Remove from watchlist' : 'Add to watchlist'}
      variant="subtle"
      color={watched ? 'yellow.300' : 'fg.muted'}
      _hover={{ color: 'yellow.300' }}
      onClick={onToggle}
      {...rest}
    >
      <StarIcon aria-hidden="true" fill={watched ? 'currentColor' : 'none'} />
    </IconButton>
  );
}
