/**
 * A wallet screen's side note (Add Funds: the reference code; Withdraw: the processing times): a
 * quiet card with an icon heading that names the section.
 */
import { type ElementType, type ReactNode } from 'react';
import { Card, Heading, Icon } from '@chakra-ui/react';

interface InfoCardProps {
  headingId: string;
  title: string;
  icon: ElementType;
  children: ReactNode;
}

export function InfoCard({ headingId, title, icon, children }: InfoCardProps) {
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" size="sm" bg="bg.subtle" borderColor="border">
      <Card.Body gap={3}>
        <Heading as="h2" id={headingId} size="sm" display="flex" alignItems="center" gap={2}>
          <Icon as={icon} boxSize="4" color="brand.fg" aria-hidden="true" />
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}
