// Stands in for the Sell tab (market/sell/SellTab.tsx) until it exists.
import { Text } from '@chakra-ui/react';

export default function SellTabPlaceholder() {
  return <Text color="fg.muted">Selling opens soon.</Text>;
}
