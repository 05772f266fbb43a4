/**
 * The details block under the destination: a new method's fields (the same inputs as the
 * profile's Add Payment Method form), or a saved method's masked details, read-only.
 */
import { type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Flex, Heading, Icon, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { LockIcon } from 'lucide-react';
import { PAYMENT_METHOD_LABELS, type PaymentMethodType } from '../../../../shared/constants';
import type { PaymentMethod } from '../../../../shared/schemas/wallet';
import { FormField } from '../../components/forms/FormField';
import type { useZodForm } from '../../components/forms/useZodForm';
import { PaymentMethodFields } from '../../components/wallet/PaymentMethodFields';
import { PAYMENT_METHOD_ICONS } from '../../components/wallet/PaymentMethodSummary';
import { METHOD_FIELDS, SAVED_FIELD_LABELS, savedMethodValues, type withdrawFormSchema, type WithdrawFormValues } from './withdrawForm';

export type WithdrawFormState = ReturnType<typeof useZodForm<WithdrawFormValues, ReturnType<typeof withdrawFormSchema>>>;

/** The selected new method's fields, the same as in the profile's Add Payment Method form. */
export function NewMethodFields({ type, form, disabled }: { type: PaymentMethodType; form: WithdrawFormState; disabled: boolean }) {
  return (
    <MethodFieldsFrame type={type}>
      <PaymentMethodFields type={type} form={form} variant="page" disabled={disabled} />
    </MethodFieldsFrame>
  );
}


/** A saved method's details, pre-filled and read-only: the API only ever gives them masked. */
export function SavedMethodFields({ method }: { method: PaymentMethod }) {
  const values = savedMethodValues(method);
  const names = METHOD_FIELDS[method.type].filter((name) => values[name]);
  return (
    <MethodFieldsFrame type={method.type} saved>
      <SimpleGrid columns={{ base: 1, md: names.length > 1 ? 2 : 1 }} gap={5}>
        {names.map((name) => (
          <FormField key={name} label={SAVED_FIELD_LABELS[name]} readOnly required>
            <Input
              value={values[name]}
              readOnly
              bg="bg.subtle"
              color="fg.muted"
              borderStyle="dashed"
              fontFamily={name === 'walletAddress' || name === 'routingNumber' || name === 'accountNumber' || name === 'iban' ? 'mono' : undefined}
            />
          </FormField>
        ))}
      </SimpleGrid>
    </MethodFieldsFrame>
  );
}

function MethodFieldsFrame({ type, saved = false, children }: { type: PaymentMethodType; saved?: boolean; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-labelledby="method-details-heading"
      borderWidth="1px"
      borderColor="border"
      borderRadius="l3"
      bg="bg.subtle"
      p={{ base: 4, md: 5 }}
    >
      <Flex align="center" gap={3} mb={5} wrap="wrap">
        <Icon as={PAYMENT_METHOD_ICONS[type]} boxSize="5" color="brand.fg" aria-hidden="true" />
        <Heading as="h3" id="method-details-heading" size="md" flex="1">
          {PAYMENT_METHOD_LABELS[type]} details
        </Heading>
        {saved ? (
          <Badge variant="outline" colorPalette="gray" gap={1}>
            <LockIcon aria-hidden="true" />
            Saved method
          </Badge>
        ) : null}
      </Flex>
      <Stack gap={5}>{children}</Stack>
      {saved ? (
        <Text fontSize="sm" color="fg.subtle" mt={4}>
          Saved details are shown masked and can't be changed here. Manage them in{' '}
          <Link asChild variant="underline" colorPalette="brand">
            <RouterLink to="/profile">My Profile</RouterLink>
          </Link>
          .
        </Text>
      ) : null}
    </Box>
  );
}
