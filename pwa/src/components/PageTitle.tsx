/** The heading block at the top of a screen: the page's single <h1> and an optional subtitle. */
import type { ReactNode } from 'react';
import { Box, Heading, Text, type BoxProps } from '@chakra-ui/react';

interface PageTitleProps extends Omit<BoxProps, 'title'> {
  title: ReactNode;
  subtitle?: ReactNode;
}

export function PageTitle({ title, subtitle, ...boxProps }: PageTitleProps) {
  return (
    <Box mb={{ base: '6', md: '8' }} {...boxProps}>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} fontWeight="bold" letterSpacing="-0.02em">
        {title}
      </Heading>
      {subtitle ? (
        <Text mt="2" color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          {subtitle}
        </Text>
      ) : null}
    </Box>
  );
}
