/**
 * The item dialog's 'Buy Orders' section: the item's public book (price levels and how many units
 * are wanted at each, best first; no names) and, for a signed-in user, a form to place one: a price
 * per unit, a quantity (1-100) and an optional float limit, with the amount it reserves from the
 * balance (price × quantity, in cents). A seller who lists this item at or below the best order
 * sells to it at once (docs/adr/0077-buy-orders.md). When a listing is already on sale at or below
 * the price typed, the form says so: buying it is quicker than waiting for a new one.
 */
import { useId, useState, type FormEvent } from 'react';
import { Box, Button, Field, Grid, Heading, HStack, Input, InputGroup, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { HandCoinsIcon } from 'lucide-react';
import { DEFAULT_PRICE_HISTORY_DAYS } from '../../../../../shared/constants';
import { formatUsd, parseMoney } from '../../../../../shared/money';
import { buyOrderRequestSchema } from '../../../../../shared/schemas/buyOrders';
import { ApiError, isUnauthorized } from '../../../api/client';
import { SteamLoginButton } from '../../../components/SteamLoginButton';
import { toaster } from '../../../components/toaster';
import { usePlaceBuyOrderMutation } from '../../../queries/buyOrders';
import { useBuyOrderBookQuery, usePriceHistoryQuery } from '../../../queries/items';
import { useCurrentUser } from '../../../queries/user';

/** Price levels shown; the rest are summed in the total. */
const BOOK_LEVELS_SHOWN = 5;

const usd = (money: string) => formatUsd(parseMoney(money) ?? 0n);

interface ItemBuyOrdersProps {
  marketHashName: string;
  name: string;
}

export function ItemBuyOrders({ marketHashName, name }: ItemBuyOrdersProps) {
  const book = useBuyOrderBookQuery(marketHashName);
  const { data: user } = useCurrentUser();
  // The price history's default period, which the dialog reads anyway: its cheapest listing now.
  const lowestListing = usePriceHistoryQuery(marketHashName, DEFAULT_PRICE_HISTORY_DAYS).data?.lowestListing ?? null;
  const levels = book.data?.levels ?? [];
  return (
    <Stack as="section" aria-labelledby="buy-orders-heading" gap="3" mt="6" pt="5" borderTopWidth="1px" borderColor="border">
      <Heading as="h3" size="sm" id="buy-orders-heading">
        Buy Orders
      </Heading>
      <Grid templateColumns={{ base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.2fr)' }} gap="5" alignItems="start">
        <Box>
          {book.data ? (
            levels.length > 0 ? (
              <Table.Root size="sm" variant="line" bg="transparent" css={{ '& tr': { bg: 'transparent' } }}>
                <Table.Caption captionSide="bottom" textAlign="start" color="fg.muted" mt="2">
                  {book.data.totalQuantity} wanted in all
                </Table.Caption>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>Price</Table.ColumnHeader>
                    <Table.ColumnHeader textAlign="end">Quantity</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {levels.slice(0, BOOK_LEVELS_SHOWN).map((level) => (
                    <Table.Row key={level.price}>
                      <Table.Cell fontWeight="semibold" fontVariantNumeric="tabular-nums">
                        {usd(level.price)}
                      </Table.Cell>
                      <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                        {level.quantity}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            ) : (
              <Text color="fg.muted" fontSize="sm">
                No buy orders yet
              </Text>
            )
          ) : (
            <Text color="fg.muted" fontSize="sm">
              {book.isError ? 'The buy orders could not be loaded.' : 'Loading buy orders...'}
            </Text>
          )}
        </Box>
        {user ? (
          <PlaceBuyOrderForm marketHashName={marketHashName} name={name} lowestListing={lowestListing} />
        ) : (
          <Stack gap="3" align="flex-start">
            <Text fontSize="sm" color="fg.muted">
              Sign in to place a buy order: it buys this item as soon as someone lists it at or below your price.
            </Text>
            <SteamLoginButton size="sm" />
          </Stack>
        )}
      </Grid>
    </Stack>
  );
}

interface Fields {
  price: string;
  quantity: string;
  maxFloat: string;
}

function PlaceBuyOrderForm({ marketHashName, name, lowestListing }: ItemBuyOrdersProps & { lowestListing: string | null }) {
  const id = useId();
  const place = usePlaceBuyOrderMutation();
  const [fields, setFields] = useState<Fields>({ price: '', quantity: '1', maxFloat: '' });
  const [submitted, setSubmitted] = useState(false);
  const request = { marketHashName, price: fields.price, quantity: Number(fields.quantity), maxFloat: fields.maxFloat === '' ? null : Number(fields.maxFloat) };
  const parsed = buyOrderRequestSchema.safeParse(request);
  const errors = parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
  const priceCents = parseMoney(fields.price);
  const quantity = Number(fields.quantity);
  const reserved = parsed.success && priceCents !== null ? formatUsd(priceCents * BigInt(quantity)) : '—';
  const lowestCents = lowestListing === null ? null : parseMoney(lowestListing);
  const cheaperOnSale = priceCents !== null && lowestCents !== null && lowestCents <= priceCents;
  const shown = (field: keyof Fields) => (submitted || fields[field] !== '' ? (errors[field] as string | undefined) : undefined);
  const set = (field: keyof Fields) => (event: { target: { value: string } }) => setFields((current) => ({ ...current, [field]: event.target.value }));

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (!parsed.success || place.isPending) return;
    place.mutate(request, {
      onSuccess: (outcome) => {
        setFields({ price: '', quantity: '1', maxFloat: '' });
        setSubmitted(false);
        toaster.create({
          type: 'success',
          title: 'Buy Order Placed',
          description: `${outcome.buyOrder.quantity} × ${name} at ${usd(outcome.buyOrder.price)}: ${usd(outcome.buyOrder.reserved)} reserved from your balance`,
        });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toaster.create({ type: 'error', title: 'Buy Order Not Placed', description: error instanceof ApiError ? error.detail : 'Please check your connection and try again.' });
      },
    });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Place a buy order">
      <Stack gap="3">
        <HStack gap="3" align="flex-start">
          <Field.Root invalid={Boolean(shown('price'))} required flex="3">
            <Field.Label htmlFor={`${id}-price`}>
              Price per item (USD)
              <Field.RequiredIndicator />
            </Field.Label>
            <InputGroup startElement="$">
              <Input id={`${id}-price`} type="number" inputMode="decimal" step="0.01" min="0" placeholder="0.00" value={fields.price} onChange={set('price')} fontVariantNumeric="tabular-nums" />
            </InputGroup>
            <Field.ErrorText>{shown('price')}</Field.ErrorText>
          </Field.Root>
          <Field.Root invalid={Boolean(shown('quantity'))} required flex="2">
            <Field.Label htmlFor={`${id}-quantity`}>
              Quantity
              <Field.RequiredIndicator />
            </Field.Label>
            <Input id={`${id}-quantity`} type="number" inputMode="numeric" step="1" min="1" max="100" value={fields.quantity} onChange={set('quantity')} />
            <Field.ErrorText>{shown('quantity')}</Field.ErrorText>
          </Field.Root>
        </HStack>
        <Field.Root invalid={Boolean(shown('maxFloat'))}>
          <Field.Label htmlFor={`${id}-float`}>Max Float (optional)</Field.Label>
          <Input id={`${id}-float`} type="number" inputMode="decimal" step="0.001" min="0" max="1" placeholder="Any" value={fields.maxFloat} onChange={set('maxFloat')} />
          <Field.ErrorText>{shown('maxFloat')}</Field.ErrorText>
        </Field.Root>
        <HStack justify="space-between" fontSize="sm">
          <Text color="fg.muted">Reserved from your balance</Text>
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {reserved}
          </Text>
        </HStack>
        {cheaperOnSale ? (
          <Text fontSize="sm" color="orange.200" role="status">
            A listing is on sale now for {usd(lowestListing!)}: add it to your cart to buy it at once.
          </Text>
        ) : null}
        <Button type="submit" colorPalette="brand" variant="outline" loading={place.isPending} loadingText="Placing...">
          <HandCoinsIcon aria-hidden="true" />
          Place Buy Order
        </Button>
        <Text fontSize="xs" color="fg.muted">
          Filled when someone lists this item at or below your price; you pay their price. Track or cancel it in{' '}
          <Link asChild color="brand.fg">
            <RouterLink to="/buy-orders">My Buy Orders</RouterLink>
          </Link>
          .
        </Text>
      </Stack>
    </form>
  );
}
