import { chakra } from '@chakra-ui/react';

/** The first stop for keyboard users: hidden until focused, it jumps past the header to `targetId`. */
export function SkipLink({ targetId }: { targetId: string }) {
  return (
    <chakra.a
      href={`#${targetId}`}
      position="fixed"
      top="3"
      insetStart="3"
      zIndex="skipNav"
      px="4"
      py="2"
      borderRadius="l2"
      bg="brand.solid"
      color="brand.contrast"
      fontWeight="semibold"
      transform="translateY(-200%)"
      _focusVisible={{ transform: 'translateY(0)', outline: '2px solid', outlineColor: 'brand.200' }}
    >
      Skip to main content
    </chakra.a>
  );
}
