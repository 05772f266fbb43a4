/**
 * A part of a page whose code loads on demand: the account menus, the phone menu's sheet, the
 * toasts' view, the outbox, the market's cart popover. Its download can fail (a flaky connection,
 * a chunk an old deploy no longer has), and the browser remembers a failed module for the rest of
 * the page's life. Outside any error boundary, React would then take the whole app down with it: a
 * blank page where only the account menu was missing (seen once in an e2e run, where a preload was
 * aborted). Here the part shows `fallback` instead, and the rest of the page keeps working.
 */
import { Component, Suspense, type ReactNode } from 'react';
import { Button } from '@chakra-ui/react';

interface LazyPartProps {
  /** What the part is, for the log. */
  name: string;
  /** Shown while its code loads. */
  loading?: ReactNode;
  /** Shown if its code cannot be loaded. */
  fallback?: ReactNode;
  children: ReactNode;
}

class LazyPartBoundary extends Component<Omit<LazyPartProps, 'loading'>, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`${this.props.name} could not be loaded`, error);
  }

  override render() {
    return this.state.failed ? (this.props.fallback ?? null) : this.props.children;
  }
}

export function LazyPart({ name, loading = null, fallback = null, children }: LazyPartProps) {
  return (
    <LazyPartBoundary name={name} fallback={fallback}>
      <Suspense fallback={loading}>{children}</Suspense>
    </LazyPartBoundary>
  );
}

/**
 * A part's place when its code could not be loaded and the visitor needs it (the menus, the
 * cart): the browser will not try again before the page is reloaded. `what` names the part for
 * screen readers.
 */
export function ReloadInstead({ what }: { what: string }) {
  return (
    <Button size="sm" variant="outline" aria-label={`Reload: ${what} could not be loaded`} onClick={() => window.location.reload()}>
      Reload
    </Button>
  );
}
