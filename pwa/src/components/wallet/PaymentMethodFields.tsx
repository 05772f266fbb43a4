/**
 * The pieces of a new payment method's form, shared by the profile's 'Add Payment Method' dialog
 * (PaymentMethodsPanel) and the Withdraw screen's new-method form:
 * - PaymentMethodTypeCard: a type's radio card (icon, label, processing time or 'Already added');
 * - PaymentMethodFields: the chosen type's inputs (PayPal e-mail; cryptocurrency and wallet
 *   address; bank name, holder, routing and account numbers (digits only) and account type; IBAN
 *   holder, IBAN and SWIFT/BIC (upper-cased) and an optional bank name).
 *
 * The fields are wired to the caller's useZodForm, so each form keeps its own schema (and with it
 * the inputs' length limits) and its own messages. The two places lay the fields out differently:
 * - 'dialog': one field a row, pairs side by side from `sm`; the wallet hint names the chosen
 *   currency's address format and the IBAN hint gives an example;
 * - 'page': every bank field in a two-column grid from `md`, shorter hints.
 */
import { type ChangeEvent, type ReactNode } from 'react';
import { Box, Icon, Input, SimpleGrid, Stack } from '@chakra-ui/react';
import { Fieldset } from '@chakra-ui/react';
import { RadioCard, RadioGroup } from '@chakra-ui/react';
import { CircleCheckIcon } from 'lucide-react';
import { CRYPTO_CURRENCIES, PAYMENT_METHOD_LABELS, PROCESSING_TIMES, type PaymentMethodType } from '../../../../shared/constants';
import { EmailInput, FormField, FormSelect } from '../forms/FormField';
import {
  ACCOUNT_TYPE_LABELS,
  CRYPTO_CURRENCY_LABELS,
  ROUTING_NUMBER_LENGTH,
  SWIFT_MAX_LENGTH,
  type CryptoCurrency,
} from './paymentMethodLabels';
import { PaymentMethodIcon } from './PaymentMethodSummary';

/** The text fields of a new payment method, whatever its type. */
export type PaymentMethodFieldName =
  | 'paypalEmail'
  | 'cryptoCurrency'
  | 'walletAddress'
  | 'bankName'
  | 'accountHolderName'
  | 'routingNumber'
  | 'accountNumber'
  | 'accountType'
  | 'iban'
  | 'swiftCode';

/** What the fields need from the caller's useZodForm (its values hold every field as text). */
export interface PaymentMethodFieldsForm {
  values: Record<PaymentMethodFieldName, string>;
  errors: Partial<Record<PaymentMethodFieldName, string>>;
  setField: (name: PaymentMethodFieldName, value: string) => void;
  inputProps: (name: PaymentMethodFieldName) => {
    name: string;
    value: string;
    maxLength: number | undefined;
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  };
  selectProps: (name: PaymentMethodFieldName) => {
    name: string;
    value: string;
    onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  };
  radioProps: (name: PaymentMethodFieldName) => {
    name: string;
    value: string | null;
    onValueChange: (details: { value: string | null }) => void;
  };
}

const CRYPTO_OPTIONS = CRYPTO_CURRENCIES.map((currency) => ({ value: currency, label: CRYPTO_CURRENCY_LABELS[currency] }));

const WALLET_PLACEHOLDERS: Record<CryptoCurrency | '', string> = {
  '': 'Select a cryptocurrency first',
  bitcoin: 'bc1q… , 1… or 3…',
  ethereum: '0x…',
  litecoin: 'ltc1… , L… or M…',
};

const WALLET_HINTS: Record<CryptoCurrency | '', string> = {
  '': 'Double-check it: payments sent to a wrong address cannot be recovered.',
  bitcoin: 'Starts with 1, 3 or bc1. Payments sent to a wrong address cannot be recovered.',
  ethereum: 'Starts with 0x followed by 40 hexadecimal characters. Payments sent to a wrong address cannot be recovered.',
  litecoin: 'Starts with L, M or ltc1. Payments sent to a wrong address cannot be recovered.',
};

const IBAN_HINTS = {
  dialog: 'Spaces are fine, e.g. DE89 3704 0044 0532 0130 00',
  page: 'Spaces are fine',
} as const;

/** Upper-cases what is typed, keeping the caret where it was (React would move it to the end). */
function upperCased(event: ChangeEvent<HTMLInputElement>): string {
  const input = event.target;
  const upper = input.value.toUpperCase();
  if (upper !== input.value) {
    const { selectionStart, selectionEnd } = input;
    input.value = upper;
    input.setSelectionRange(selectionStart, selectionEnd);
  }
  return upper;
}

const onlyDigits = (value: string) => value.replace(/\D+/g, '');

interface PaymentMethodFieldsProps {
  type: PaymentMethodType;
  form: PaymentMethodFieldsForm;
  variant: 'dialog' | 'page';
  /** Disables every input (and the account type), e.g. while the form is being sent. */
  disabled?: boolean;
  /** Disables the account type radios; defaults to `disabled`. */
  accountTypeDisabled?: boolean;
}

/** The inputs of a new payment method of this type. */
export function PaymentMethodFields({ type, form, variant, disabled, accountTypeDisabled = disabled }: PaymentMethodFieldsProps) {
  const { errors } = form;
  const cryptoCurrency = form.values.cryptoCurrency as CryptoCurrency | '';
  const page = variant === 'page';
  /** Fields one a row, then two side by side (from `sm`); on the page all of them two a row (from `md`). */
  const rows = (single: ReactNode, paired: ReactNode) =>
    page ? (
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="5">
        {single}
        {paired}
      </SimpleGrid>
    ) : (
      <>
        {single}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="5">
          {paired}
        </SimpleGrid>
      </>
    );

  if (type === 'paypal') {
    return (
      <FormField label="PayPal Email" required error={errors.paypalEmail} disabled={disabled}>
        <EmailInput {...form.inputProps('paypalEmail')} />
      </FormField>
    );
  }

  if (type === 'crypto') {
    return (
      <Stack gap="5">
        <FormField label="Cryptocurrency" required error={errors.cryptoCurrency} disabled={disabled}>
          <FormSelect {...form.selectProps('cryptoCurrency')} placeholder="Select a cryptocurrency" options={CRYPTO_OPTIONS} />
        </FormField>
        <FormField
          label="Wallet Address"
          required
          error={errors.walletAddress}
          helperText={WALLET_HINTS[page ? '' : cryptoCurrency]}
          disabled={disabled}
        >
          <Input
            {...form.inputProps('walletAddress')}
            autoComplete="off"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            fontFamily="mono"
            fontSize="sm"
            placeholder={WALLET_PLACEHOLDERS[cryptoCurrency]}
          />
        </FormField>
      </Stack>
    );
  }

  const holderName = (
    <FormField label="Account Holder Name" required error={errors.accountHolderName} disabled={disabled}>
      <Input {...form.inputProps('accountHolderName')} autoComplete="name" placeholder="Name on the account" />
    </FormField>
  );

  if (type === 'bank_wire_usa') {
    const bankName = (
      <FormField label="Bank Name" required error={errors.bankName} disabled={disabled}>
        <Input {...form.inputProps('bankName')} autoComplete="off" placeholder="e.g. Chase Bank" />
      </FormField>
    );
    // The account number's length limit is the form schema's (inputProps).
    const numbers = (
      <>
        <FormField label="Routing Number" required error={errors.routingNumber} helperText="9 digits" disabled={disabled}>
          <Input
            {...form.inputProps('routingNumber')}
            onChange={(event) => form.setField('routingNumber', onlyDigits(event.target.value).slice(0, ROUTING_NUMBER_LENGTH))}
            maxLength={ROUTING_NUMBER_LENGTH}
            inputMode="numeric"
            autoComplete="off"
            fontFamily="mono"
            placeholder="021000021"
          />
        </FormField>
        <FormField label="Account Number" required error={errors.accountNumber} helperText="6-17 digits" disabled={disabled}>
          <Input
            {...form.inputProps('accountNumber')}
            onChange={(event) => form.setField('accountNumber', onlyDigits(event.target.value))}
            inputMode="numeric"
            autoComplete="off"
            fontFamily="mono"
            placeholder="000123456789"
          />
        </FormField>
      </>
    );
    return (
      <Stack gap="5">
        {rows(
          <>
            {bankName}
            {holderName}
          </>,
          numbers,
        )}
        <Fieldset.Root size="sm" disabled={accountTypeDisabled}>
          <Fieldset.Legend fontSize="sm" fontWeight="medium" color="fg" mb="1">
            Account Type
          </Fieldset.Legend>
          <RadioGroup.Root {...form.radioProps('accountType')} colorPalette="brand" size="sm" orientation="horizontal" display="flex" gap="6">
            {(['checking', 'savings'] as const).map((accountType) => (
              <RadioGroup.Item key={accountType} value={accountType}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{ACCOUNT_TYPE_LABELS[accountType]}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </RadioGroup.Root>
        </Fieldset.Root>
      </Stack>
    );
  }

  // iban_sepa
  const iban = (
    <FormField label="IBAN" required error={errors.iban} helperText={IBAN_HINTS[variant]} disabled={disabled}>
      <Input
        {...form.inputProps('iban')}
        onChange={(event) => form.setField('iban', upperCased(event))}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        fontFamily="mono"
        placeholder="DE89 3704 0044 0532 0130 00"
      />
    </FormField>
  );
  const swiftAndBank = (
    <>
      <FormField label="SWIFT/BIC" required error={errors.swiftCode} helperText="8 or 11 characters" disabled={disabled}>
        <Input
          {...form.inputProps('swiftCode')}
          onChange={(event) => form.setField('swiftCode', upperCased(event))}
          maxLength={SWIFT_MAX_LENGTH}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          fontFamily="mono"
          placeholder="COBADEFFXXX"
        />
      </FormField>
      <FormField label="Bank Name" error={errors.bankName} disabled={disabled}>
        <Input {...form.inputProps('bankName')} autoComplete="off" placeholder="e.g. Commerzbank" />
      </FormField>
    </>
  );
  return (
    <Stack gap="5">
      {rows(
        <>
          {holderName}
          {iban}
        </>,
        swiftAndBank,
      )}
    </Stack>
  );
}

interface PaymentMethodTypeCardProps {
  type: PaymentMethodType;
  /** The type field has a message: the card's border shows it. */
  invalid: boolean;
  /** Whether the user already has a method of this type (one of each): if so, checked off and disabled. */
  added?: boolean;
}

/** A payment method type's card in a RadioCard.Root. */
export function PaymentMethodTypeCard({ type, invalid, added }: PaymentMethodTypeCardProps) {
  return (
    <RadioCard.Item value={type} disabled={added} borderColor={invalid ? 'border.error' : undefined}>
      <RadioCard.ItemHiddenInput />
      <RadioCard.ItemControl position="relative" alignItems="flex-start">
        <RadioCard.ItemContent gap="2" alignItems="flex-start">
          <PaymentMethodIcon type={type} size="sm" />
          <Box>
            <RadioCard.ItemText fontWeight="semibold" lineHeight="short">
              {PAYMENT_METHOD_LABELS[type]}
            </RadioCard.ItemText>
            <RadioCard.ItemDescription fontSize="xs" mt="0.5">
              {added ? 'Already added' : PROCESSING_TIMES[type]}
            </RadioCard.ItemDescription>
          </Box>
        </RadioCard.ItemContent>
        {added ? (
          <Icon as={CircleCheckIcon} position="absolute" top="3" insetEnd="3" boxSize="4" color="fg.muted" aria-hidden="true" />
        ) : (
          <RadioCard.ItemIndicator position="absolute" top="3" insetEnd="3" />
        )}
      </RadioCard.ItemControl>
    </RadioCard.Item>
  );
}
