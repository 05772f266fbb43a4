/**
 * The frame of a page built around one form (contact, issue report): the page title, an optional
 * intro row, then the form on a card beside a column of help cards. On wide screens the column
 * stays in view while the form scrolls; on narrow ones it follows the form.
 */
import { type ReactNode } from 'react';
import { Box, Card, Grid, Heading, Icon, Stack } from '@chakra-ui/react';
import { PageTitle } from '../PageTitle';

interface FormPageLayoutProps {
  title: string;
  subtitle: ReactNode;
  /** Shown between the title and the form, across the whole width. */
  intro?: ReactNode;
  /** The help column, and its name for assistive technology. */
  aside: ReactNode;
  asideLabel: string;
  /** The form itself; it is placed on a card. */
  children: ReactNode;
}

export function FormPageLayout({ title, subtitle, intro, aside, asideLabel, children }: FormPageLayoutProps) {
  return (
    <Box colorPalette="brand">
      <PageTitle title={title} subtitle={subtitle} maxW="72ch" />
      {intro && <Box mb={{ base: 6, md: 8 }}>{intro}</Box>}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) 20rem', xl: 'minmax(0, 1fr) 22rem' }}
        gap={{ base: 6, lg: 8 }}
        alignItems="start"
      >
        <Card.Root bg="bg.panel" borderColor="border" overflow="hidden">
          <Box h="1" bgGradient="to-r" gradientFrom="brand.600" gradientTo="brand.300" aria-hidden="true" />
          <Card.Body p={{ base: 5, md: 8 }}>{children}</Card.Body>
        </Card.Root>
        <Stack as="aside" aria-label={asideLabel} gap={4} position={{ lg: 'sticky' }} top={{ lg: '6rem' }}>
          {aside}
        </Stack>
      </Grid>
    </Box>
  );
}

/** One card of the help column: an icon, a title and a few lines. */
export function AsideCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline" size="sm" bg="bg.subtle" borderColor="border">
      <Card.Body gap={2}>
        <Heading as="h2" size="sm" display="flex" alignItems="center" gap={2}>
          <Icon size="sm" color="colorPalette.fg" aria-hidden="true">
            {icon}
          </Icon>
          {title}
        </Heading>
        <Stack gap={2} fontSize="sm" lineHeight="1.6" color="fg.muted">
          {children}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
