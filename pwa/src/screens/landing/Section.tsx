/** A landing page section: an eyebrow, an h2 and an optional lead paragraph above its content. */
import { useId, type ReactNode } from 'react';
import { Box, Heading, Text, type BoxProps } from '@chakra-ui/react';

interface SectionProps extends Omit<BoxProps, 'title'> {
  eyebrow?: string;
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
}

/**
 * Every section is below the fold on every screen: until one nears the viewport, the browser skips
 * its style, layout and paint (`content-visibility: auto`), holding a height close to its own (they
 * are 450-1,300 px tall, taller on narrow screens). Text layout was most of the landing page's first
 * layout, one of the longest tasks of its start on a phone. The content stays in the accessibility
 * tree and in find-in-page.
 */
export const belowTheFold = {
  contentVisibility: 'auto',
  containIntrinsicSize: { base: 'auto 1100px', md: 'auto 700px', lg: 'auto 550px' },
} as const;

export function Section({ eyebrow, title, lead, children, ...boxProps }: SectionProps) {
  const titleId = useId();
  return (
    <Box as="section" aria-labelledby={titleId} py={{ base: '10', md: '14' }} {...belowTheFold} {...boxProps}>
      <Box textAlign="center" maxW="2xl" mx="auto" mb={{ base: '8', md: '10' }}>
        {eyebrow ? (
          <Text fontSize="xs" fontWeight="bold" color="brand.fg" textTransform="uppercase" letterSpacing="widest" mb="2">
            {eyebrow}
          </Text>
        ) : null}
        <Heading as="h2" id={titleId} size={{ base: '2xl', md: '3xl' }} letterSpacing="-0.02em">
          {title}
        </Heading>
        {lead ? (
          <Text mt="3" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
            {lead}
          </Text>
        ) : null}
      </Box>
      {children}
    </Box>
  );
}

/** The panel every landing card sits on. */
export const cardStyle = {
  bg: 'bg.panel',
  borderWidth: '1px',
  borderColor: 'border',
  borderRadius: 'l3',
} as const;
