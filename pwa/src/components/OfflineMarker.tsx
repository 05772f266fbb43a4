/**
 * 'Offline: last updated …' above a screen's data while that data is the copy kept on this device
 * (useOfflineCopy), so nobody mistakes a saved list for the live one. Renders nothing otherwise.
 */
import { HStack, Icon, Text } from '@chakra-ui/react';
import { CloudOffIcon } from 'lucide-react';
import { formatDateTime } from '../../../shared/format';
import type { Dataset } from '../offline/db';
import { useServedFromCopy } from '../offline/useOfflineCopy';

export function OfflineMarker({ dataset }: { dataset: Dataset }) {
  const updatedAt = useServedFromCopy(dataset);
  if (updatedAt === null) return null;
  return (
    <HStack
      role="status"
      gap="2"
      px="3"
      py="2"
      mb="4"
      w="fit-content"
      maxW="full"
      bg="orange.500/10"
      borderWidth="1px"
      borderColor="orange.500/30"
      borderRadius="l2"
      color="orange.200"
      fontSize="sm"
    >
      <Icon as={CloudOffIcon} boxSize="4" flexShrink={0} aria-hidden="true" />
      <Text>Offline: last updated {formatDateTime(new Date(updatedAt).toISOString())}</Text>
    </HStack>
  );
}
