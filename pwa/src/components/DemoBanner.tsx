/**
 * The slim strip above every page in simulated mode, so nobody mistakes the
 * demo for a place where real money moves. The server writes its mode into every page it serves
 * (`<meta name="skinmarket-mode">`, see api/static.ts), and CSS alone shows the strip when that
 * says 'simulated': it is part of the first paint (even of HTML prerendered before the mode was
 * known, ops/prerender.ts), so it never pushes the page down afterwards. On the narrowest phones
 * the text wraps rather than losing its last words.
 */
import { Box, Container, Text } from '@chakra-ui/react';

export const DEMO_BANNER_TEXT = 'Demo mode: simulated Steam and payments, no real money';

const SIMULATED_PAGE = 'html:has(meta[name="skinmarket-mode"][content="simulated"]) &';

export function DemoBanner() {
  return (
    <Box
      role="note"
      display="none"
      css={{ [SIMULATED_PAGE]: { display: 'block' } }}
      bg="bg.warning"
      color="fg.warning"
      borderBottomWidth="1px"
      borderColor="border.warning"
    >
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="1" minH="7" display="flex" alignItems="center" justifyContent="center">
        <Text fontSize="xs" lineHeight="short" fontWeight="medium" textAlign="center">
          {DEMO_BANNER_TEXT}
        </Text>
      </Container>
    </Box>
  );
}
