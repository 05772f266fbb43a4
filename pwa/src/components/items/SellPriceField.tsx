/**
 * The sell-price input of both sell dialogs (Inventory 'Sell Item', Sell tab 'Set Your Selling
 * Price'): a dollar input with step 0.01 and min 0, parsed into integer cents by
 * shared/schemas/money.ts sellPriceSchema (never a float). Anything not above 0, or not a price,
 * gives 'Please enter a valid price' as soon as something is typed (or the field is left empty).
 */
import { useId, useState } from 'react';
import { Field, Input, InputGroup } from '@chakra-ui/react';
import { sellPriceSchema } from '../../../../shared/schemas/money';

export const INVALID_PRICE_TITLE = 'Invalid Price';
export const INVALID_PRICE_MESSAGE = 'Please enter a valid price';

/** The price as typed, its value in cents (null while invalid) and the message to show. */
export function useSellPrice() {
  const [price, setPrice] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = sellPriceSchema.safeParse(price);
  const priceCents = parsed.success ? parsed.data : null;
  const message = parsed.success ? undefined : (parsed.error.issues[0]?.message ?? INVALID_PRICE_MESSAGE);
  return {
    price,
    setPrice,
    priceCents,
    /** Shown once the user typed something or left the field. */
    error: touched || price !== '' ? message : undefined,
    touch: () => setTouched(true),
  };
}

interface SellPriceFieldProps {
  state: ReturnType<typeof useSellPrice>;
  label?: string;
  disabled?: boolean;
}

export function SellPriceField({ state, label = 'Your Price (USD)', disabled = false }: SellPriceFieldProps) {
  const id = useId();
  return (
    <Field.Root invalid={Boolean(state.error)} required>
      <Field.Label htmlFor={id}>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <InputGroup startElement="$">
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0"
          value={state.price}
          onChange={(event) => state.setPrice(event.target.value)}
          onBlur={state.touch}
          placeholder="0.00"
          fontVariantNumeric="tabular-nums"
          disabled={disabled}
          autoFocus
        />
      </InputGroup>
      <Field.ErrorText>{state.error}</Field.ErrorText>
    </Field.Root>
  );
}
