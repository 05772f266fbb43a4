/**
 * The mobile menu (below the md breakpoint): a hamburger button that opens the side sheet
 * (MobileMenuSheet.tsx). The sheet and its dialog machinery load on the first touch of the button,
 * so they are not part of every page's first download.
 *
 * The button is not in prerendered HTML (its place is kept): the app starts after the first
 * paint, and a tap on a button with nothing behind it yet would be lost.
 */
import { lazy, useRef, useState } from 'react';
import { Box, IconButton } from '@chakra-ui/react';
import { MenuIcon } from 'lucide-react';
import type { User } from '../queries/user';
import { LazyPart, ReloadInstead } from './LazyPart';
import { useHydrated } from '../useHydrated';

const loadSheet = () => import('./MobileMenuSheet');
const MobileMenuSheet = lazy(loadSheet);

interface MobileMenuProps {
  /** The user, null when signed out, undefined while the session is still being checked. */
  user: User | null | undefined;
}

export function MobileMenu({ user }: MobileMenuProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first open on, so closing animates and reopening is instant.
  const [used, setUsed] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const interactive = useHydrated();

  function handleOpen() {
    setUsed(true);
    setOpen(true);
  }

  // The size of the md icon button below.
  if (!interactive) return <Box boxSize="10" />;
  return (
    <>
      <IconButton
        ref={trigger}
        aria-label={open ? 'Close menu' : 'Open menu'}
        aria-haspopup="dialog"
        aria-expanded={open}
        variant="ghost"
        size="md"
        _hover={{ bg: 'bg.muted' }}
        // Start the download as the finger lands, so the sheet is usually there by the click. A
        // failure is the sheet's boundary's to show when it renders.
        onPointerDown={() => void loadSheet().catch(() => {})}
        onClick={handleOpen}
      >
        <MenuIcon />
      </IconButton>
      {used ? (
        <LazyPart name="The menu's sheet" fallback={<ReloadInstead what="the menu" />}>
          <MobileMenuSheet user={user} open={open} onOpenChange={setOpen} trigger={trigger} />
        </LazyPart>
      ) : null}
    </>
  );
}
