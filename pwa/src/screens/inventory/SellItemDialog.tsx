/**
 * The Inventory's 'Sell Item' dialog: the market's prices to start from, a price, the payment breakdown and 'Send Trade Offer', which
 * asks the trade bot for this one item (POST /api/trade-offers). Its flow is the Inventory
 * screen's (sellItemFlow.ts): idle → processing → waiting ('Trade Offer Sent', whose Cancel
 * returns to idle and closes) or failed (the form again, with why). It does not poll; My Listings
 * shows the item once the offer is accepted. With no trade URL saved, the trade-URL dialog opens
 * first and the offer goes out once the URL is saved.
 */
import { useRef, useState, type FormEvent } from 'react';
import { Box, Button, Circle, HStack, Link, Span, Stack, Text } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { SendIcon, ShieldCheckIcon } from 'lucide-react';
import { TRADE_HOLD_DAYS } from '../../../../shared/constants';
import type { InventoryItem } from '../../../../shared/schemas/inventory';
import { isUnauthorized } from '../../api/client';
import { DialogActions, ModalDialog } from '../../components/dialogs';
import { INVALID_PRICE_MESSAGE, INVALID_PRICE_TITLE, ItemSummary, SaleBreakdown, SellPriceField, SuggestedPrices, useSellPrice } from '../../components/items';
import { toaster } from '../../components/toaster';
import { tradeOfferItem, useSendTradeOfferMutation } from '../../queries/tradeOffers';
import type { User } from '../../queries/user';
import { TradeUrlDialog } from '../market/sell/TradeUrlDialog';
import { canDismiss, ITEM_NOT_TRADABLE, sendFailureMessage, type SellItemStatus } from './sellItemFlow';

interface SellItemDialogProps {
  /** The item to sell; kept while the dialog animates closed. */
  item: InventoryItem | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: User;
}

export function SellItemDialog({ item, open, onOpenChange, user }: SellItemDialogProps) {
  const send = useSendTradeOfferMutation();
  const [status, setStatus] = useState<SellItemStatus>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const [tradeUrlOpen, setTradeUrlOpen] = useState(false);
  /** The price waiting for the trade URL to be saved. */
  const pendingPrice = useRef<bigint | null>(null);

  function handleClose() {
    setStatus('idle');
    setFailure(null);
    onOpenChange(false);
  }

  function sendOffer(priceCents: bigint, tradeUrl: string) {
    if (!item) return;
    if (!item.assetid) {
      toaster.create({ title: ITEM_NOT_TRADABLE, type: 'error' });
      return;
    }
    setStatus('processing');
    setFailure(null);
    send.mutate(
      { items: [tradeOfferItem(item, priceCents)], tradeUrl },
      {
        onSuccess: (answer) => {
          if (answer.success && answer.offerId) {
            setStatus('waiting');
            return;
          }
          const message = sendFailureMessage(answer);
          setStatus('failed');
          setFailure(message.description);
          toaster.create({ ...message, type: 'error' });
        },
        onError: (error) => {
          if (isUnauthorized(error)) return handleClose(); // the query client signs the user out: 'Authentication Required'
          const message = sendFailureMessage(error);
          setStatus('failed');
          setFailure(message.description);
          toaster.create({ ...message, type: 'error' });
        },
      },
    );
  }

  function handleSubmitPrice(priceCents: bigint) {
    if (!user.tradeUrl) {
      pendingPrice.current = priceCents;
      setTradeUrlOpen(true);
      return;
    }
    sendOffer(priceCents, user.tradeUrl);
  }

  function handleTradeUrlSaved(tradeUrl: string) {
    const price = pendingPrice.current;
    pendingPrice.current = null;
    if (price !== null) sendOffer(price, tradeUrl);
  }

  const dismissable = canDismiss(status);
  return (
    <>
      <ModalDialog open={open && item !== null} onClose={handleClose} size="md" dismissable={dismissable}>
        {item && status === 'waiting' ? <OfferSent item={item} onCancel={handleClose} /> : null}
        {item && status !== 'waiting' ? (
          <SellItemForm
            key={item.assetid}
            item={item}
            sending={status === 'processing'}
            failure={status === 'failed' ? failure : null}
            onSubmitPrice={handleSubmitPrice}
          />
        ) : null}
      </ModalDialog>
      <TradeUrlDialog open={tradeUrlOpen} onOpenChange={setTradeUrlOpen} user={user} onSaved={handleTradeUrlSaved} />
    </>
  );
}

interface SellItemFormProps {
  item: InventoryItem;
  sending: boolean;
  /** Why the last attempt failed, shown above the form. */
  failure: string | null;
  onSubmitPrice: (priceCents: bigint) => void;
}

function SellItemForm({ item, sending, failure, onSubmitPrice }: SellItemFormProps) {
  const price = useSellPrice();
  const missingAsset = !item.assetid;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    price.touch();
    if (missingAsset) {
      toaster.create({ title: ITEM_NOT_TRADABLE, type: 'error' });
      return;
    }
    if (sending) return;
    if (price.priceCents === null) {
      toaster.create({ title: INVALID_PRICE_TITLE, description: INVALID_PRICE_MESSAGE, type: 'error' });
      return;
    }
    onSubmitPrice(price.priceCents);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Header pe="12">
        <Dialog.Title>Sell Item</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <ItemSummary item={item} framed />
          {missingAsset ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{ITEM_NOT_TRADABLE}</Alert.Title>
            </Alert.Root>
          ) : null}
          {failure ? (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Trade Offer Failed</Alert.Title>
                <Alert.Description>{failure}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : null}
          <SuggestedPrices marketHashName={item.marketHashName} float={item.float} onPick={price.setPrice} disabled={sending} />
          <SellPriceField state={price} disabled={sending} />
          <SaleBreakdown priceCents={price.priceCents} />
          <HStack gap="3" align="flex-start" fontSize="sm" color="fg.muted">
            <Box as="span" color="brand.fg" mt="0.5" flexShrink={0}>
              <ShieldCheckIcon aria-hidden="true" />
            </Box>
            <Text>
              Our trade bot sends you a Steam trade offer for this item. Once you accept it, Steam's{' '}
              <Span whiteSpace="nowrap">{TRADE_HOLD_DAYS}-day</Span> trade protection applies; the sale is paid to your
              balance after the hold.
            </Text>
          </HStack>
        </Stack>
      </Dialog.Body>
      <DialogActions busy={sending}>
        <Button type="submit" colorPalette="brand" disabled={price.priceCents === null || missingAsset} loading={sending} loadingText="Sending...">
          Send Trade Offer
        </Button>
      </DialogActions>
    </form>
  );
}

/** The waiting state: the offer is out; the seller accepts it in Steam. */
function OfferSent({ item, onCancel }: { item: InventoryItem; onCancel: () => void }) {
  return (
    <>
      <Dialog.Header pe="12">
        <Dialog.Title>Trade Offer Sent</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4" align="center" textAlign="center">
          <Circle size="14" bg="brand.subtle" color="brand.fg" borderWidth="1px" borderColor="brand.muted">
            <SendIcon size="24" aria-hidden="true" />
          </Circle>
          <Text>
            Our trade bot has sent you a Steam trade offer for <Span fontWeight="semibold">{item.name}</Span>.
          </Text>
          <Text color="fg.muted" fontSize="sm">
            Accept it in Steam to put the item on sale. It then appears in{' '}
            <Link asChild color="brand.fg">
              <RouterLink to="/listings">My Listings</RouterLink>
            </Link>{' '}
            during Steam's {TRADE_HOLD_DAYS}-day trade protection.
          </Text>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" borderColor="border.emphasized" onClick={onCancel}>
          Cancel
        </Button>
      </Dialog.Footer>
    </>
  );
}
