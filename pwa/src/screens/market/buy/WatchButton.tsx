/**
 * The watchlist star of a market item (docs/adr/0078-watchlist-alerts.md): a toggle button,
 * 'Add to watchlist' or 'Remove from watchlist' with aria-pressed, drawn on the Buy tab's cards
 * (over the picture's corner) and in the item dialog. The screen decides what a press does.
 */
import { IconButton, type IconButtonProps } from '@chakra-ui/react';

/**
 * A five-point star drawn here rather than lucide's StarIcon: the landing page draws that one, so
 * the build puts it in the app's start chunk as soon as another screen shares it
 * (ops/chunkGroups.ts), which /market's budget (ops/size.ts) has no room for.
 */
function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" aria-hidden="true">
      <path d="M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z" />
    </svg>
  );
}

interface WatchButtonProps extends Omit<IconButtonProps, 'aria-label' | 'aria-pressed' | 'onClick'> {
  watched: boolean;
  onToggle: () => void;
}

export function WatchButton({ watched, onToggle, ...rest }: WatchButtonProps) {
  return (
    <IconButton
      aria-label={watched ? 'Remove from watchlist' : 'Add to watchlist'}
      aria-pressed={watched}
      variant="subtle"
      color={watched ? 'yellow.300' : 'fg.muted'}
      _hover={{ color: 'yellow.300' }}
      onClick={onToggle}
      {...rest}
    >
      <Star filled={watched} />
    </IconButton>
  );
}
