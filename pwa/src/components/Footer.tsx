/**
 * The site footer: the product name and the not-affiliated-with-Valve disclaimer, the spec's nine
 * links in three groups, and the copyright line.
 */
import { Box, Container, Grid, Heading, Separator, Stack, Text, chakra } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { PRODUCT_NAME } from '../../../shared/constants';
import { Logo } from './Logo';
import { FOOTER_NAV } from './navigation';

const FooterLink = chakra(RouterLink, {
  base: {
    color: 'fg.muted',
    fontSize: 'sm',
    borderRadius: 'l1',
    transition: 'color 150ms',
    _hover: { color: 'brand.300' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.400', outlineOffset: '2px' },
  },
});

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Box as="footer" mt="auto" bg="bg.subtle" borderTopWidth="1px" borderColor="border">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} pt={{ base: '10', md: '14' }} pb="8">
        <Grid templateColumns={{ base: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: '1.6fr repeat(3, 1fr)' }} gap={{ base: '8', md: '10' }}>
          <Stack gap="4" gridColumn={{ base: '1 / -1', lg: 'auto' }} maxW={{ lg: 'sm' }}>
            <Box>
              <Logo />
            </Box>
            <Text color="fg.muted" fontSize="sm" lineHeight="tall">
              The marketplace where Counter-Strike 2 players sell their skins for real money and buy
              from other players, with every trade protected by escrow.
            </Text>
          </Stack>

          {FOOTER_NAV.map((group) => (
            <chakra.nav key={group.title} aria-label={group.title}>
              <Heading as="h2" fontSize="xs" fontWeight="semibold" letterSpacing="wider" textTransform="uppercase" color="fg" mb="4">
                {group.title}
              </Heading>
              <Stack as="ul" gap="3" listStyleType="none">
                {group.links.map((link) => (
                  <li key={link.to}>
                    <FooterLink to={link.to}>{link.label}</FooterLink>
                  </li>
                ))}
              </Stack>
            </chakra.nav>
          ))}
        </Grid>

        <Separator my="8" borderColor="border" />

        <Stack gap="3" fontSize="xs" color="fg.subtle">
          <Text>
            {PRODUCT_NAME} is not affiliated with, endorsed by or sponsored by Valve Corporation or
            Steam. Counter-Strike, Steam and their logos are trademarks of Valve Corporation.
          </Text>
          {/* The year of prerendered HTML is the build's: a page hydrated in a later year corrects it. */}
          <Text suppressHydrationWarning>
            © {year} {PRODUCT_NAME}. All rights reserved.
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
