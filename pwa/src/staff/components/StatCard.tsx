/** One figure of the overview: what it is, the figure, and a line or two about it. */
import { type ReactNode } from 'react';
import { Card, Heading, Text } from '@chakra-ui/react';

interface StatCardProps {
  label: string;
  value: ReactNode;
  /** Drawn in the warning colour: something needs someone's attention. */
  alert?: boolean;
  children?: ReactNode;
}

/** Counts as people read them: 2,400. */
const COUNT = new Intl.NumberFormat('en-US');

export function StatCard({ label, value, alert = false, children }: StatCardProps) {
  return (
    <Card.Root as="section" aria-label={label} variant="outline" size="sm" bg="bg.panel" borderColor={alert ? 'orange.500/60' : 'border'}>
      <Card.Body gap="1">
        <Heading as="h2" size="xs" color="fg.muted" fontWeight="medium">
          {label}
        </Heading>
        <Text fontSize="2xl" fontWeight="bold" color={alert ? 'orange.300' : 'fg'} lineHeight="short">
          {typeof value === 'number' ? COUNT.format(value) : value}
        </Text>
        {children ? (
          <Text as="div" fontSize="sm" color="fg.muted">
            {children}
          </Text>
        ) : null}
      </Card.Body>
    </Card.Root>
  );
}
