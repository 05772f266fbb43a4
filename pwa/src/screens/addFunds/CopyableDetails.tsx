/**
 * Receiving details the user copies into their bank or wallet app: a definition list of rows, each
 * with a copy button whose icon turns into a check mark for COPY_CONFIRMATION_MS (2 s),
 * and a toast: '{label} copied to clipboard' or 'Failed to copy to clipboard'.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Box, Flex, IconButton, Text } from '@chakra-ui/react';
import { CheckIcon, CopyIcon } from 'lucide-react';
import { COPY_CONFIRMATION_MS } from '../../../../shared/constants';
import { toaster } from '../../components/toaster';

export function DetailList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box as="dl" aria-label={label} borderWidth="1px" borderColor="border" borderRadius="lg" bg="bg.subtle" overflow="hidden">
      {children}
    </Box>
  );
}

export function DetailRow({
  label,
  value,
  display,
  mono = false,
  highlighted = false,
}: {
  label: string;
  value: string;
  /** Shown instead of `value` (e.g. an IBAN in groups); the copy button always copies `value`. */
  display?: string;
  mono?: boolean;
  highlighted?: boolean;
}) {
  return (
    <Flex
      align="center"
      gap={3}
      px={4}
      py={3}
      borderBottomWidth="1px"
      borderColor="border"
      _last={{ borderBottomWidth: 0 }}
      bg={highlighted ? 'brand.subtle/60' : undefined}
    >
      <Box flex="1" minW={0}>
        <Text as="dt" fontSize="xs" fontWeight="medium" color={highlighted ? 'brand.fg' : 'fg.subtle'} textTransform="uppercase" letterSpacing="wider">
          {label}
        </Text>
        <Text
          as="dd"
          mt="0.5"
          fontFamily={mono ? 'mono' : undefined}
          fontSize={mono ? 'sm' : 'md'}
          fontWeight={highlighted ? 'bold' : 'medium'}
          wordBreak="break-all"
        >
          {display ?? value}
        </Text>
      </Box>
      <CopyButton value={value} label={label} />
    </Flex>
  );
}

/** Copies `value`; the icon turns into a check mark for COPY_CONFIRMATION_MS (2 s). */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [copiedAt, setCopiedAt] = useState<number | null>(null);

  useEffect(() => {
    if (copiedAt === null) return;
    const timer = window.setTimeout(() => setCopiedAt(null), COPY_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [copiedAt]);

  async function handleCopy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopiedAt(Date.now());
      toaster.create({ title: `${label} copied to clipboard`, type: 'success' });
    } catch {
      toaster.create({ title: 'Failed to copy to clipboard', type: 'error' });
    }
  }

  const copied = copiedAt !== null;
  return (
    <IconButton
      aria-label={`Copy ${label}`}
      variant="ghost"
      size="sm"
      flexShrink={0}
      color={copied ? 'green.400' : 'fg.muted'}
      _hover={{ color: copied ? 'green.300' : 'fg', bg: 'bg.emphasized' }}
      onClick={() => void handleCopy()}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </IconButton>
  );
}
