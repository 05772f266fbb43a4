/** The landing page's closing call to action, above the footer. */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CLAIMS } from './content';
import { PrimaryAction } from './PrimaryAction';
import { belowTheFold } from './Section';

export function ClosingCallToAction() {
  return (
    <Box
      as="section"
      aria-labelledby="closing-cta"
      mt={{ base: '6', md: '10' }}
      mb="4"
      px={{ base: '4', md: '12' }}
      py={{ base: '10', md: '16' }}
      borderRadius="l3"
      borderWidth="1px"
      borderColor="brand.muted"
      textAlign="center"
      {...belowTheFold}
      containIntrinsicSize="auto 356px"
      css={{
        background:
          'radial-gradient(800px 300px at 50% 0%, rgba(249, 128, 7, 0.22), transparent 70%), var(--chakra-colors-bg-panel)',
      }}
    >
      <Stack gap="5" align="center" maxW="2xl" mx="auto">
        <Heading as="h2" id="closing-cta" size={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
          Ready to turn your skins into cash?
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          Join {CLAIMS.players} players who sell with a {CLAIMS.fee} fee, protected trades and payouts that arrive on time.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
          <PrimaryAction size={{ base: 'md', sm: 'lg' }} />
          <Button asChild size={{ base: 'md', sm: 'lg' }} variant="outline">
            <RouterLink to="/market">Explore the Market</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
