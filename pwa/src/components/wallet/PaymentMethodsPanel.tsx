/**
 * The profile's 'Payment Methods' tab: the signed-in user's saved payout methods as cards (masked
 * details, 'Default' badge, processing time, delete with confirmation), an empty state, and
 * 'Add Payment Method', a dialog that asks for the type (one method per type; a type already saved
 * is shown as added) and then that type's fields, checked with the same schema the API uses.
 *
 * Writes carry an Idempotency-Key (useIdempotentMutation): after a network error retrying the same
 * details, or the same deletion, reuses it, so a method is saved or deleted at most once however
 * often the user presses the button.
 */
import { useId, useRef, useState, type ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  Center,
  CloseButton,
  Dialog,
  EmptyState,
  Field,
  Fieldset,
  Flex,
  HStack,
  Heading,
  Icon,
  IconButton,
  Portal,
  RadioCard,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { LuLock, LuPlus, LuTrash2, LuWallet } from 'react-icons/lu';
import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHOD_TYPES,
  type PaymentMethodType,
} from '../../../../shared/constants';
import { paymentMethodInputSchema, type NewPaymentMethod } from '../../../../shared/schemas/wallet';
import { ApiError } from '../../api/client';
import {
  useAddPaymentMethodMutation,
  useDeletePaymentMethodMutation,
  usePaymentMethodsQuery,
  type PaymentMethod,
  type PaymentMethodBody,
} from '../../queries/paymentMethods';
import { RequiredMark } from '../forms/FormField';
import { createSlotToast, useFormSubmission } from '../forms/useFormSubmission';
import { useZodForm } from '../forms/useZodForm';
import { PaymentMethodFields, PaymentMethodTypeCard } from './PaymentMethodFields';
import { PaymentMethodSummary } from './PaymentMethodSummary';

/** Every toast of this panel uses one slot, so a new outcome replaces the last instead of queueing. */
const TOAST_SLOT = 'payment-methods';
const NETWORK_HINT = 'Please check your connection and try again.';

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

  const savedTypes = new Set<PaymentMethodType>((methods ?? []).map((method) => method.type));
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
  } else if (methods.length === 0) {
    content = (
      <EmptyState.Root size="sm" borderWidth="1px" borderStyle="dashed" borderColor="border.emphasized" borderRadius="l3">
        <EmptyState.Content>
          <EmptyState.Indicator color="brand.fg">
            <LuWallet />
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
        {methods.map((method) => (
          <Box as="li" key={method.id} display="flex">
            <SavedMethodCard
              method={method}
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
            <LuPlus aria-hidden="true" />
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
        {content}
        <HStack gap="2" fontSize="sm" color="fg.subtle" align="flex-start">
          <Icon as={LuLock} boxSize="3.5" mt="1" flexShrink={0} aria-hidden="true" />
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

function SavedMethodCard({ method, onDelete }: { method: PaymentMethod; onDelete: (trigger: HTMLElement) => void }) {
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
            <IconButton
              aria-label={`Delete ${label} payment method`}
              title="Delete"
              variant="ghost"
              size="sm"
              color="fg.muted"
              _hover={{ color: 'fg.error', bg: 'red.500/10' }}
              onClick={(event) => onDelete(event.currentTarget)}
            >
              <LuTrash2 />
            </IconButton>
          }
        />
      </Card.Body>
    </Card.Root>
  );
}

// ─── Delete ─────────────────────────────────────────────────────────────────────────────────────

interface DeletePaymentMethodDialogProps {
  /** The method to delete; null closes the dialog. */
  method: PaymentMethod | null;
  onClose: () => void;
  finalFocusEl: () => HTMLElement | null;
}

function DeletePaymentMethodDialog({ method, onClose, finalFocusEl }: DeletePaymentMethodDialogProps) {
  const deleteMutation = useDeletePaymentMethodMutation();
  const deleting = deleteMutation.isPending;
  // Kept while the dialog animates closed, so its text does not vanish mid-animation.
  const [shown, setShown] = useState<PaymentMethod | null>(method);
  if (method && method !== shown) setShown(method);

  async function handleDelete() {
    if (!method || deleting) return;
    try {
      await deleteMutation.mutateAsync(method.id);
      createSlotToast(TOAST_SLOT, { title: 'Payment method deleted successfully', type: 'success' });
      onClose();
    } catch (error) {
      createSlotToast(TOAST_SLOT, {
        title: 'Failed to delete payment method',
        description: error instanceof ApiError ? error.detail : NETWORK_HINT,
        type: 'error',
      });
      // The server answered (404: it is already gone): nothing to retry. A network error keeps the
      // dialog open for another try with the same key.
      if (error instanceof ApiError) onClose();
    }
  }

  return (
    <Dialog.Root
      role="alertdialog"
      open={method !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      motionPreset="slide-in-bottom"
      size={{ base: 'xs', sm: 'sm' }}
      closeOnInteractOutside={!deleting}
      closeOnEscape={!deleting}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" backdropFilter="blur(2px)" />
        <Dialog.Positioner px="4">
          <Dialog.Content bg="bg.panel" borderWidth="1px" borderColor="border.emphasized">
            <Dialog.Header pe="12">
              <Dialog.Title>Delete payment method?</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Dialog.Description color="fg.muted">
                  This payment method will be removed from your account. You can add it again at any time.
                </Dialog.Description>
                {shown ? (
                  <Box p="4" bg="bg.subtle" borderWidth="1px" borderColor="border" borderRadius="l2">
                    <PaymentMethodSummary method={shown} showProcessingTime={false} />
                  </Box>
                ) : null}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="3">
              <Dialog.ActionTrigger asChild>
                <Button variant="outline" borderColor="border.emphasized" disabled={deleting}>
                  Cancel
                </Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" loading={deleting} loadingText="Deleting..." onClick={() => void handleDelete()}>
                <LuTrash2 aria-hidden="true" />
                Delete
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild disabled={deleting}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

// ─── Add ────────────────────────────────────────────────────────────────────────────────────────

interface AddPaymentMethodDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Types the user already has; the server refuses a second one (409). */
  savedTypes: ReadonlySet<PaymentMethodType>;
  finalFocusEl: () => HTMLElement | null;
}

function AddPaymentMethodDialog({ open, onOpenChange, savedTypes, finalFocusEl }: AddPaymentMethodDialogProps) {
  const [saving, setSaving] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => onOpenChange(details.open)}
      placement="center"
      motionPreset="slide-in-bottom"
      size="md"
      scrollBehavior="inside"
      closeOnInteractOutside={!saving}
      closeOnEscape={!saving}
      finalFocusEl={finalFocusEl}
      // Every opening starts from an empty form.
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop bg="blackAlpha.700" backdropFilter="blur(2px)" />
        <Dialog.Positioner>
          {/* Full screen on phones, where the form is taller than the screen anyway. */}
          <Dialog.Content
            bg="bg.panel"
            borderWidth={{ sm: '1px' }}
            borderColor="border.emphasized"
            maxW={{ base: '100dvw', sm: 'xl' }}
            minH={{ base: '100dvh', sm: 'auto' }}
            maxH={{ base: '100dvh', sm: 'calc(100% - 5rem)' }}
            my={{ base: '0', sm: 'auto' }}
            borderRadius={{ base: '0', sm: 'l3' }}
          >
            <AddPaymentMethodForm
              savedTypes={savedTypes}
              onSavingChange={setSaving}
              onAdded={() => onOpenChange(false)}
            />
            <Dialog.CloseTrigger asChild disabled={saving}>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** The form's values: one text per field of every type (the POST body sends them all). */
type PaymentMethodFormValues = Record<'type' | keyof Omit<PaymentMethodBody, 'type'>, string>;

const EMPTY_BODY: Omit<PaymentMethodBody, 'type'> = {
  paypalEmail: '',
  cryptoCurrency: '',
  walletAddress: '',
  bankName: '',
  accountHolderName: '',
  iban: '',
  routingNumber: '',
  accountNumber: '',
  accountType: '',
  swiftCode: '',
};

const EMPTY_FORM: PaymentMethodFormValues = { type: '', ...EMPTY_BODY, accountType: 'checking' };

/** The validated method as the API's body: its own fields (normalised), empty strings elsewhere. */
function toRequestBody(input: NewPaymentMethod): PaymentMethodBody {
  const { isDefault: _isDefault, type, ...fields } = input;
  return { type, ...EMPTY_BODY, ...fields };
}

interface AddPaymentMethodFormProps {
  savedTypes: ReadonlySet<PaymentMethodType>;
  onSavingChange: (saving: boolean) => void;
  onAdded: () => void;
}

function AddPaymentMethodForm({ savedTypes, onSavingChange, onAdded }: AddPaymentMethodFormProps) {
  const addMutation = useAddPaymentMethodMutation();
  const form = useZodForm({ schema: paymentMethodInputSchema, initialValues: EMPTY_FORM });
  const { values, errors } = form;
  async function sendPaymentMethod(input: NewPaymentMethod) {
    onSavingChange(true);
    try {
      return await addMutation.mutateAsync(toRequestBody(input));
    } finally {
      onSavingChange(false);
    }
  }

  const submission = useFormSubmission({
    form,
    send: sendPaymentMethod,
    successToast: {
      title: 'Payment method added successfully',
      description: values.type
        ? `${PAYMENT_METHOD_LABELS[values.type as PaymentMethodType]} is ready for withdrawals.`
        : 'It is ready for withdrawals.',
    },
    failureTitle: 'Failed to add payment method',
    toastFieldErrors: true,
    toastSlot: TOAST_SLOT,
    onSuccess: onAdded,
  });

  const type = values.type as PaymentMethodType | '';

  return (
    <form ref={form.formRef} noValidate onSubmit={submission.handleSubmit} style={{ display: 'contents' }}>
      <Dialog.Header pe="12" flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title>Add Payment Method</Dialog.Title>
        <Dialog.Description fontSize="sm" color="fg.muted">
          Choose where your withdrawals should be paid, then enter its details.
        </Dialog.Description>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="6">
          <Fieldset.Root invalid={Boolean(errors.type)} size="sm" disabled={submission.isPending}>
            <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg" mb="2">
              Payment method type
              <RequiredMark />
            </Fieldset.Legend>
            <RadioCard.Root {...form.radioProps('type')} required size="sm" variant="surface" colorPalette="brand">
              <SimpleGrid columns={2} gap="3">
                {PAYMENT_METHOD_TYPES.map((option) => (
                  <PaymentMethodTypeCard key={option} type={option} invalid={Boolean(errors.type)} added={savedTypes.has(option)} />
                ))}
              </SimpleGrid>
            </RadioCard.Root>
            <Fieldset.ErrorText display="inline-flex" alignItems="center" gap="1" textStyle="xs" fontWeight="medium">
              <Field.ErrorIcon boxSize="3.5" />
              {errors.type}
            </Fieldset.ErrorText>
          </Fieldset.Root>

          {type !== '' ? (
            <PaymentMethodFields type={type} form={form} variant="dialog" accountTypeDisabled={submission.isPending} />
          ) : null}

          {type === '' ? (
            <Text fontSize="sm" color="fg.subtle">
              Choose a type to enter its details.
            </Text>
          ) : null}
        </Stack>
      </Dialog.Body>
      <Dialog.Footer flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems="stretch" gap="3">
        <Dialog.ActionTrigger asChild>
          <Button variant="outline" borderColor="border.emphasized" disabled={submission.isPending}>
            Cancel
          </Button>
        </Dialog.ActionTrigger>
        <Button type="submit" colorPalette="brand" loading={submission.isPending} loadingText="Saving..." minW={{ sm: '44' }}>
          Add Payment Method
        </Button>
      </Dialog.Footer>
    </form>
  );
}
