/**
 * The profile's 'Payment Methods' tab: the signed-in user's saved payout methods as cards (masked
 * details, 'Default' badge, processing time, delete with confirmation: DeletePaymentMethodDialog),
 * an empty state, and 'Add Payment Method' (AddPaymentMethodDialog).
 *
 * Writes carry an Idempotency-Key (useIdempotentMutation): after a network error retrying the same
 * details, or the same deletion, reuses it, so a method is saved or deleted at most once however
 * often the user presses the button. Offline they are queued (offline/queueing.ts) and shown in place
 * with 'Pending sync' until sent; the list itself is then the copy kept on this device.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  Badge,
  Box,
  Button,
  Card,
  Center,
  EmptyState,
  Flex,
  HStack,
  Heading,
  Icon,
  IconButton,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CloudUploadIcon, LockIcon, PlusIcon, TrashIcon, WalletIcon } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, PAYMENT_METHOD_TYPES, type PaymentMethodType } from '../../../../shared/constants';
import { pendingPaymentMethods, usePendingEdits } from '../../offline/pendingEdits';
import { usePaymentMethodsQuery, type PaymentMethod } from '../../queries/paymentMethods';
import { useCurrentUser } from '../../queries/user';
import { OfflineMarker } from '../OfflineMarker';
import { AddPaymentMethodDialog } from './AddPaymentMethodDialog';
import { DeletePaymentMethodDialog } from './DeletePaymentMethodDialog';
import { PaymentMethodSummary } from './PaymentMethodSummary';

export default function PaymentMethodsPanel() {
  const { data: methods, isPending, isError, refetch, isRefetching } = usePaymentMethodsQuery();
  const [addOpen, setAddOpen] = useState(false);
  const [deleting, setDeleting] = useState<PaymentMethod | null>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The delete button that opened the confirmation; gone once its method is deleted.
  const deleteTriggerRef = useRef<HTMLElement | null>(null);
  const headingId = useId();

  /** Where focus returns when a dialog closes: 'Add Payment Method', or the heading while it is disabled. */
  function panelFocusTarget(): HTMLElement | null {
    const addButton = addButtonRef.current;
    return addButton && !addButton.disabled ? addButton : headingRef.current;
  }

  // Edits queued offline show in place as 'Pending sync' until the outbox sends them.
  const { data: user } = useCurrentUser();
  const pending = pendingPaymentMethods(usePendingEdits(user?.steamId));
  const shown = methods ? [...methods, ...pending.added] : undefined;

  const savedTypes = new Set<PaymentMethodType>((shown ?? []).map((method) => method.type));
  const allAdded = PAYMENT_METHOD_TYPES.every((type) => savedTypes.has(type));

  let content: ReactNode;
  if (isPending) {
    content = (
      <Center py="12" role="status" aria-live="polite">
        <Stack align="center" gap="3">
          <Spinner size="md" color="brand.400" borderWidth="3px" />
          <Text color="fg.muted">Loading...</Text>
        </Stack>
      </Center>
    );
  } else if (isError) {
    content = (
      <EmptyState.Root size="sm">
        <EmptyState.Content>
          <EmptyState.Title as="h3">Payment methods not available</EmptyState.Title>
          <EmptyState.Description>We could not load your payment methods. Please try again.</EmptyState.Description>
          <Button colorPalette="brand" variant="outline" onClick={() => void refetch()} loading={isRefetching}>
            Try Again
          </Button>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else if (!shown || shown.length === 0) {
    content = (
      <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" borderRadius="l3">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <WalletIcon />
          </EmptyState.Indicator>
          <Stack textAlign="center" gap="1" maxW="sm">
            <EmptyState.Title as="h3">No payment methods yet</EmptyState.Title>
            <EmptyState.Description>
              Add PayPal, cryptocurrency, a US bank account or an IBAN to withdraw your earnings to.
            </EmptyState.Description>
          </Stack>
        </EmptyState.Content>
      </EmptyState.Root>
    );
  } else {
    content = (
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, md: 2 }} gap="4" aria-label="Saved payment methods">
        {shown.map((method) => (
          <Box as="li" key={method.id} display="flex">
            <SavedMethodCard
              method={method}
              pendingSync={method.id.startsWith('pending-') || pending.deleting.has(method.id)}
              onDelete={(trigger) => {
                deleteTriggerRef.current = trigger;
                setDeleting(method);
              }}
            />
          </Box>
        ))}
      </SimpleGrid>
    );
  }

  return (
    <Card.Root as="section" aria-labelledby={headingId} bg="bg.panel" borderColor="border" overflow="hidden">
      <Box h="1" bgGradient="to-r" gradientFrom="brand.600" gradientTo="brand.300" aria-hidden="true" />
      <Card.Header px={{ base: '5', md: '8' }} pt={{ base: '5', md: '7' }} pb="0">
        <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap="4">
          <Box flex="1" minW="0">
            <Heading as="h2" id={headingId} ref={headingRef} tabIndex={-1} size="lg" outline="none">
              Payment Methods
            </Heading>
            <Text color="fg.muted" fontSize="sm" mt="1">
              Where your withdrawals are paid. You can save one method of each type.
            </Text>
          </Box>
          <Button
            ref={addButtonRef}
            colorPalette="brand"
            onClick={() => setAddOpen(true)}
            disabled={isPending || isError || allAdded}
            flexShrink={0}
          >
            <PlusIcon aria-hidden="true" />
            Add Payment Method
          </Button>
        </Flex>
        {allAdded ? (
          <Text fontSize="sm" color="fg.subtle" mt="2" textAlign={{ sm: 'end' }}>
            You have saved a method of every type. Delete one to replace it.
          </Text>
        ) : null}
      </Card.Header>
      <Card.Body px={{ base: '5', md: '8' }} pt="6" pb={{ base: '5', md: '7' }} gap="5">
        <OfflineMarker dataset="paymentMethods" />
        {content}
        <HStack gap="2" fontSize="sm" color="fg.subtle" align="flex-start">
          <Icon as={LockIcon} boxSize="3.5" mt="1" flexShrink={0} aria-hidden="true" />
          <Text>Your payment details are stored encrypted and only ever shown masked.</Text>
        </HStack>
      </Card.Body>

      <AddPaymentMethodDialog
        open={addOpen}
        onOpenChange={setAddOpen}
        savedTypes={savedTypes}
        finalFocusEl={panelFocusTarget}
      />
      <DeletePaymentMethodDialog
        method={deleting}
        onClose={() => setDeleting(null)}
        finalFocusEl={() => {
          const trigger = deleteTriggerRef.current;
          return trigger?.isConnected ? trigger : panelFocusTarget();
        }}
      />
    </Card.Root>
  );
}

interface SavedMethodCardProps {
  method: PaymentMethod;
  /** Its addition or deletion is queued offline: no delete button, a 'Pending sync' badge instead. */
  pendingSync: boolean;
  onDelete: (trigger: HTMLElement) => void;
}

function SavedMethodCard({ method, pendingSync, onDelete }: SavedMethodCardProps) {
  const labelId = useId();
  const label = PAYMENT_METHOD_LABELS[method.type];
  return (
    <Card.Root
      as="article"
      aria-labelledby={labelId}
      flex="1"
      minW="0"
      bg="bg.subtle"
      borderColor={method.isDefault ? 'brand.muted' : 'border'}
      transition="border-color 0.15s"
      _hover={{ borderColor: method.isDefault ? 'brand.emphasized' : 'border.emphasized' }}
    >
      <Card.Body p={{ base: '4', md: '5' }}>
        <PaymentMethodSummary
          method={method}
          labelId={labelId}
          actions={
            pendingSync ? (
              <Badge colorPalette="orange" variant="subtle" size="sm" gap="1">
                <CloudUploadIcon aria-hidden="true" />
                Pending sync
              </Badge>
            ) : (
              <IconButton
                aria-label={`Delete ${label} payment method`}
                title="Delete"
                variant="ghost"
                size="sm"
                color="fg.muted"
                _hover={{ color: 'fg.error', bg: 'red.500/10' }}
                onClick={(event) => onDelete(event.currentTarget)}
              >
                <TrashIcon />
              </IconButton>
            )
          }
        />
      </Card.Body>
    </Card.Root>
  );
}
