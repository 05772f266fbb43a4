/**
 * The item dialog's watchlist part, for signed-in users (docs/adr/0078-watchlist-alerts.md): the
 * star, and 'Alert me at or below' with the price at or under which a new listing of the item
 * sends a Price Alert (empty: any price). Saving the price watches the item if it was not watched.
 */
import { useId, useState, type FormEvent } from 'react';
import { Button, Field, HStack, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { MAX_SELL_PRICE_CENTS } from '../../../../../shared/constants';
import { formatMoney, formatUsd, parseMoney } from '../../../../../shared/money';
import type { MarketItem } from '../../../../../shared/schemas/market';
import { ApiError } from '../../../api/client';
import { toaster } from '../../../components/toaster';
import { useWatchMutation } from '../../../queries/watchlist';
import { useWatchToggle } from './useWatchToggle';
import { WatchButton } from './WatchButton';

const INVALID_PRICE_MESSAGE = 'Please enter a valid price';

/** The typed alert price: null for empty (any price), cents, or the message of a price the API refuses (schemas/watchlist.ts). */
function alertPriceOf(text: string): { cents: bigint | null } | { error: string } {
  if (text.trim() === '') return { cents: null };
  const cents = parseMoney(text.trim());
  if (cents === null || cents < 1n) return { error: INVALID_PRICE_MESSAGE };
  if (cents > BigInt(MAX_SELL_PRICE_CENTS)) return { error: `Maximum price is ${formatUsd(BigInt(MAX_SELL_PRICE_CENTS))}` };
  return { cents };
}

export function WatchPanel({ item }: { item: MarketItem }) {
  const { watched, toggle } = useWatchToggle();
  const watch = watched.get(item.marketHashName);
  const save = useWatchMutation();
  const [price, setPrice] = useState(watch?.maxPrice ?? '');
  // The field follows the saved price when it changes elsewhere (the star, another tab).
  const [seen, setSeen] = useState(watch?.maxPrice);
  if (watch?.maxPrice !== seen) {
    setSeen(watch?.maxPrice);
    setPrice(watch?.maxPrice ?? '');
  }
  const [touched, setTouched] = useState(false);
  const parsed = alertPriceOf(price);
  const error = touched && 'error' in parsed ? parsed.error : undefined;
  const inputId = useId();

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if ('error' in parsed) return;
    save.mutate(
      { marketHashName: item.marketHashName, maxPrice: parsed.cents === null ? null : formatMoney(parsed.cents) },
      {
        onSuccess: ({ watch: saved }) =>
          toaster.create({
            title: 'Watchlist updated',
            description: saved.maxPrice
              ? `You will be alerted when ${saved.name} is listed at or below ${formatUsd(parseMoney(saved.maxPrice) ?? 0n)}.`
              : `You will be alerted when ${saved.name} is listed.`,
            type: 'success',
          }),
        onError: (failure) => toaster.create({ title: 'Watchlist not updated', description: failure instanceof ApiError ? failure.detail : failure.message, type: 'error' }),
      },
    );
  }

  return (
    <Stack as="section" aria-label="Watchlist" gap="3" p="3" bg="bg.subtle" borderWidth="1px" borderColor="border" borderRadius="l2">
      <HStack gap="2">
        <WatchButton watched={Boolean(watch)} onToggle={() => toggle(item.marketHashName)} size="sm" />
        <Text fontSize="sm" color="fg.muted">
          {watch ? 'On your watchlist' : 'Watch this item to get price alerts'}
        </Text>
      </HStack>
      <form onSubmit={handleSubmit} noValidate>
        <Field.Root invalid={Boolean(error)}>
          <Field.Label htmlFor={inputId}>Alert me at or below</Field.Label>
          <HStack gap="2" align="start" w="full">
            <InputGroup startElement="$" flex="1">
              <Input
                id={inputId}
                type="number"
                inputMode="decimal"
                step="0.01"
                min="0"
                size="sm"
                value={price}
                onChange={(event) => setPrice(event.target.value)}
                onBlur={() => setTouched(true)}
                placeholder="Any price"
                fontVariantNumeric="tabular-nums"
              />
            </InputGroup>
            <Button type="submit" size="sm" variant="outline" loading={save.isPending}>
              Save
            </Button>
          </HStack>
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Leave empty to be alerted at any price.</Field.HelperText>}
        </Field.Root>
      </form>
    </Stack>
  );
}
