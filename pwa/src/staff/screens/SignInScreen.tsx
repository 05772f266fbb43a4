/**
 * The console for someone without a staff session: one button to the company's sign-in (the
 * server's /staff/auth/login, which comes back to this page), and why the last attempt failed when
 * the server says so (`?signin=failed|no_role`).
 */
import { Box, Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { LogInIcon, ShieldCheckIcon } from 'lucide-react';
import { useLocation } from 'react-router-dom';
import { Alert } from '@chakra-ui/react';
import { signInHref, signInOutcomeText } from '../signIn';

export function SignInScreen() {
  const location = useLocation();
  // The server's login route and returnTo want the full path, /staff included.
  const href = signInHref({ pathname: window.location.pathname, search: location.search });
  const outcome = signInOutcomeText(location.search);

  return (
    <Center as="main" flex="1" px="4" py="12">
      <Box w="full" maxW="md" bg="bg.panel" borderWidth="1px" borderColor="border.emphasized" borderRadius="l3" p={{ base: '6', sm: '8' }}>
        <Stack gap="5">
          <Box color="brand.fg" fontSize="3xl" aria-hidden="true">
            <ShieldCheckIcon />
          </Box>
          <Heading as="h1" size="2xl">
            Staff sign-in
          </Heading>
          <Text color="fg.muted">
            The SkinMarket staff console is for the company&apos;s support, finance and admin staff. Sign in with your company account.
          </Text>
          {outcome ? (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Description>{outcome}</Alert.Description>
            </Alert.Root>
          ) : null}
          <Button asChild colorPalette="brand" size="lg">
            <a href={href}>
              <LogInIcon aria-hidden="true" />
              Sign in
            </a>
          </Button>
        </Stack>
      </Box>
    </Center>
  );
}
