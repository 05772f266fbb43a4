/**
 * An item's float (wear) on the game's scale, 0 (Factory New, green) to 1 (Battle-Scarred, red),
 * with the value to 4 decimals, or 'N/A' when Steam gives none (spec section 9).
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { formatFloatValue } from '../../../../shared/format';

interface FloatMeterProps {
  /** The wear float; market items may carry it as a numeric string. */
  float: number | string | null | undefined;
}

function floatNumber(float: FloatMeterProps['float']): number | null {
  if (float == null || (typeof float === 'string' && float.trim() === '')) return null;
  const value = typeof float === 'number' ? float : Number(float);
  return Number.isFinite(value) ? value : null;
}

export function FloatMeter({ float }: FloatMeterProps) {
  const value = floatNumber(float);
  return (
    <Box>
      <Flex justify="space-between" fontSize="xs">
        <Text color="fg.subtle">Float</Text>
        <Text fontFamily="mono" color={value === null ? 'fg.subtle' : 'fg'} fontVariantNumeric="tabular-nums">
          {formatFloatValue(float)}
        </Text>
      </Flex>
      <Box
        position="relative"
        h="1"
        mt="1.5"
        borderRadius="full"
        bgGradient="to-r"
        gradientFrom="green.500"
        gradientVia="yellow.400"
        gradientTo="red.500"
        opacity={value === null ? 0.2 : 0.85}
        aria-hidden="true"
      >
        {value === null ? null : (
          <Box
            position="absolute"
            top="-1"
            left={`${Math.min(100, Math.max(0, value * 100))}%`}
            w="1"
            h="3"
            transform="translateX(-50%)"
            borderRadius="full"
            bg="white"
            shadow="sm"
          />
        )}
      </Box>
    </Box>
  );
}
