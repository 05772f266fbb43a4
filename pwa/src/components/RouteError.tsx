/**
 * Shown in place of a screen that crashed while rendering or whose code could not be loaded (say,
 * a chunk of an older deploy is gone). The header and footer stay usable around it.
 */
import { useEffect } from 'react';
import { Button, Card, Center, Heading, Text } from '@chakra-ui/react';
import { useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();

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
