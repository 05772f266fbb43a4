/**
 * The slim strip above every page in simulated mode (DESIGN.md section 1), so nobody mistakes the
 * demo for a place where real money moves. The server writes its mode into the shell it serves
 * (`<meta name="skinmarket-mode">`, see api/static.ts), and the strip reads it synchronously: it is
 * part of the first paint, so it never pushes the page down afterwards. On the narrowest phones the
 * text wraps rather than losing its last words.
 */
import { Box, Container, Text } from '@chakra-ui/react';
import { useState } from 'react';

export const DEMO_BANNER_TEXT = 'Demo mode: simulated Steam and payments, no real money';

/** True when the shell was served by a server running simulated Steam and payments. */
function servedInSimulatedMode(): boolean {
  return document.querySelector('meta[name="skinmarket-mode"]')?.getAttribute('content') === 'simulated';
}

export function DemoBanner() {
  // The mode cannot change while the page lives: read it once.
  const [simulated] = useState(() => servedInSimulatedMode());
  if (!simulated) return null;

  return (
    <Box role="note" bg="bg.warning" color="fg.warning" borderBottomWidth="1px" borderColor="border.warning">
      <Container maxW="7xl" px={{ base: '4', md: '6' }} py="1" minH="7" display="flex" alignItems="center" justifyContent="center">
        <Text fontSize="xs" lineHeight="short" fontWeight="medium" textAlign="center">
          {DEMO_BANNER_TEXT}
        </Text>
      </Container>
    </Box>
  );
}
