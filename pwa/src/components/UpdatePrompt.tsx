/** A small card shown when a new version of the app has been downloaded and is waiting. */
import { Box, Button, CloseButton, HStack, Text } from '@chakra-ui/react';
import { RefreshCwIcon } from 'lucide-react';
import { useServiceWorkerUpdate } from '../serviceWorker';

export function UpdatePrompt() {
  const { updateWaiting, applyUpdate, dismiss } = useServiceWorkerUpdate();
  if (!updateWaiting) return null;

  return (
    <Box
      role="status"
      aria-live="polite"
      position="fixed"
      bottom={{ base: '4', md: '6' }}
      insetStart={{ base: '4', md: '6' }}
      insetEnd={{ base: '4', sm: 'auto' }}
      zIndex="toast"
      maxW={{ sm: 'sm' }}
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border.emphasized"
      borderRadius="l3"
      boxShadow="lg"
      p="4"
    >
      <HStack align="flex-start" gap="3">
        <Box color="brand.400" mt="0.5">
          <RefreshCwIcon aria-hidden="true" />
        </Box>
        <Box flex="1">
          <Text fontWeight="semibold" fontSize="sm">
            A new version is available
          </Text>
          <Text fontSize="sm" color="fg.muted" mt="0.5">
            Reload to get the latest SkinMarket.
          </Text>
          <Button size="sm" colorPalette="brand" mt="3" onClick={applyUpdate}>
            Reload
          </Button>
        </Box>
        <CloseButton size="xs" aria-label="Dismiss update notice" onClick={dismiss} />
      </HStack>
    </Box>
  );
}
