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
  failure: { error: unknown; pathname: string } | null;
}

/** Catches a screen's failure; a failure belongs to the page it happened on. */
class ScreenErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failure: null };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    // The path is filled in by getDerivedStateFromProps, which runs on the re-render that follows.
    return { failure: { error, pathname: '' } };
  }

  static getDerivedStateFromProps({ pathname }: BoundaryProps, { failure }: BoundaryState): Partial<BoundaryState> | null {
    if (failure === null) return null;
    if (failure.pathname === '') return { failure: { ...failure, pathname } };
    return failure.pathname === pathname ? null : { failure: null };
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
