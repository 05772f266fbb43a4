/**
 * Shown in place of a screen that crashed while rendering or whose code could not be loaded (say,
 * a chunk of an older deploy is gone). The header and footer stay usable around it, and moving to
 * another page tries again.
 */
import { Component, useEffect, type ReactNode } from 'react';
import { Button, Card, Center, Heading, Text } from '@chakra-ui/react';
import { Outlet, useLocation } from 'react-router-dom';

function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    console.error('Screen failed to render', error);
  }, [error]);

  function handleReload() {
    window.location.reload();
  }

  return (
    <Center py={{ base: '10', md: '16' }}>
      <Card.Root maxW="md" w="full" textAlign="center" bg="bg.panel">
        <Card.Body alignItems="center" gap="4" p={{ base: '6', md: '8' }}>
          <Heading as="h1" size="xl">
            Something went wrong
          </Heading>
          <Text color="fg.muted">This page could not be displayed. Reloading usually fixes it.</Text>
          <Button colorPalette="brand" onClick={handleReload}>
            Reload
          </Button>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}

interface BoundaryProps {
  pathname: string;
  children: ReactNode;
}

interface BoundaryState {
  /** The page the boundary last rendered, and what its screen threw (null: nothing). */
  pathname: string;
  failure: { error: unknown } | null;
}

/** Catches a screen's failure; a failure belongs to the page it happened on. */
class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { pathname: this.props.pathname, failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: { error } };
  }

  static getDerivedStateFromProps({ pathname }: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return pathname === state.pathname ? null : { pathname, failure: null };
  }

  override render() {
    return this.state.failure ? <RouteError error={this.state.failure.error} /> : this.props.children;
  }
}

/** The layout route around every screen: its page's screen, or the error in its place. */
export function ScreenOutlet() {
  const { pathname } = useLocation();
  return (
    <ScreenErrorBoundary pathname={pathname}>
      <Outlet />
    </ScreenErrorBoundary>
  );
}
