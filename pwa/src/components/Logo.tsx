/**
 * The product's mark (a crosshair in a hexagon, the same drawing as the favicon and app icons) and
 * its wordmark. `LogoMark` alone is decorative; `Logo` carries the product name as text.
 */
import { useId } from 'react';
import { HStack, Text, chakra, type HTMLChakraProps } from '@chakra-ui/react';
import { PRODUCT_NAME } from '../../../shared/constants';

export function LogoMark(props: HTMLChakraProps<'svg'>) {
  // Gradient ids must be unique per document: the mark appears in the header and the footer.
  const gradientId = useId();
  return (
    <chakra.svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" flexShrink={0} {...props}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffc061" />
          <stop offset="0.55" stopColor="#f98007" />
          <stop offset="1" stopColor="#dd5c02" />
        </linearGradient>
      </defs>
      <path
        d="M32 5.5 55 18.75v26.5L32 58.5 9 45.25v-26.5Z"
        fill="#f98007"
        fillOpacity="0.12"
        stroke={`url(#${gradientId})`}
        strokeWidth="4.5"
        strokeLinejoin="round"
      />
      <g stroke={`url(#${gradientId})`} strokeWidth="3.6" strokeLinecap="round" fill="none">
        <circle cx="32" cy="32" r="9.5" />
        <path d="M32 15v7M32 42v7M15 32h7M42 32h7" />
      </g>
      <circle cx="32" cy="32" r="2.6" fill="#ffb84a" />
    </chakra.svg>
  );
}

/** Mark plus "SkinMarket" wordmark ("Skin" light, "Market" in the accent colour). */
export function Logo({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const markSize = size === 'sm' ? '7' : '8';
  // "SkinMarket" → "Skin" + "Market": split before the last capital letter.
  const splitAt = Math.max(0, PRODUCT_NAME.search(/[A-Z][a-z]*$/));
  return (
    <HStack gap="2" align="center">
      <LogoMark boxSize={markSize} />
      <Text
        as="span"
        fontWeight="extrabold"
        fontSize={size === 'sm' ? 'lg' : 'xl'}
        letterSpacing="-0.02em"
        lineHeight="1"
        color="fg"
      >
        {PRODUCT_NAME.slice(0, splitAt)}
        <Text as="span" color="brand.400">
          {PRODUCT_NAME.slice(splitAt)}
        </Text>
      </Text>
    </HStack>
  );
}
