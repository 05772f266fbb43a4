/** Any path outside the route table: the '404 Page Not Found' card. */
import { Box, Button, Card, Center, Heading, Text } from '@chakra-ui/react';
import { Code } from '@chakra-ui/react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { HouseIcon, TriangleExclamationPointIcon } from 'lucide-react';

export default function NotFoundScreen() {
  const { pathname } = useLocation();
  return (
    <Center py={{ base: '6', md: '12' }}>
      <Card.Root maxW="lg" w="full" bg="bg.panel" borderColor="border" overflow="hidden">
        <Box h="1" bgGradient="to-r" gradientFrom="brand.600" gradientTo="brand.300" />
        <Card.Body gap="4" p={{ base: '6', md: '8' }}>
          <Box display="flex" alignItems="center" gap="3">
            <Box color="fg.error" flexShrink={0}>
              <TriangleExclamationPointIcon size="28" aria-hidden="true" />
            </Box>
            <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
              404 Page Not Found
            </Heading>
          </Box>
          <Text color="fg.muted">Did you forget to add the page to the router?</Text>
          <Code
            display="block"
            whiteSpace="pre-wrap"
            wordBreak="break-all"
            px="3"
            py="2"
            fontSize="xs"
            bg="bg.muted"
            color="fg.muted"
            borderRadius="l2"
          >
            {`No route matches "${pathname}"`}
          </Code>
          <Box>
            <Button asChild colorPalette="brand" mt="2">
              <RouterLink to="/">
                <HouseIcon aria-hidden="true" />
                Back to Home
              </RouterLink>
            </Button>
          </Box>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
