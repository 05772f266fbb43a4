/**
 * 'Set Your Selling Price' (the Sell tab): the item, the market's prices to start from
 * (components/items/SuggestedPrices.tsx), a price input (step 0.01, min 0), the
 * payment breakdown (price, 3% fee, amount received, in integer cents) and 'Add to Sell List',
 * which stays disabled until the price is a valid amount above 0 ('Invalid Price' /
 * 'Please enter a valid price' otherwise).
 */
import { type FormEvent } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { ListPlusIcon } from 'lucide-react';
import type { InventoryItem } from '../../../../../shared/schemas/inventory';
import { DialogActions, ModalDialog } from '../../../components/dialogs';
import { INVALID_PRICE_MESSAGE, INVALID_PRICE_TITLE, ItemSummary, SaleBreakdown, SellPriceField, SuggestedPrices, useSellPrice } from '../../../components/items';
import { toaster } from '../../../components/toaster';

interface SetPriceDialogProps {
  /** The item being priced; null closes the dialog. */
  item: InventoryItem | null;
  onClose: () => void;
  onAdd: (item: InventoryItem, priceCents: bigint) => void;
}

export function SetPriceDialog({ item, onClose, onAdd }: SetPriceDialogProps) {
  return (
    <ModalDialog open={item !== null} onClose={onClose} size="md">
      {item ? <SetPriceForm key={item.assetid} item={item} onAdd={onAdd} /> : null}
    </ModalDialog>
  );
}

function SetPriceForm({ item, onAdd }: { item: InventoryItem; onAdd: SetPriceDialogProps['onAdd'] }) {
  const price = useSellPrice();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    price.touch();
    if (price.priceCents === null) {
      toaster.create({ title: INVALID_PRICE_TITLE, description: INVALID_PRICE_MESSAGE, type: 'error' });
      return;
    }
    onAdd(item, price.priceCents);
  }

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Dialog.Header pe="12">
        <Dialog.Title>Set Your Selling Price</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="5">
          <ItemSummary item={item} framed />
          <SuggestedPrices marketHashName={item.marketHashName} float={item.float} onPick={price.setPrice} />
          <SellPriceField state={price} label="Selling Price (USD)" />
          <SaleBreakdown priceCents={price.priceCents} />
        </Stack>
      </Dialog.Body>
      <DialogActions>
        <Button type="submit" colorPalette="brand" disabled={price.priceCents === null}>
          <ListPlusIcon aria-hidden="true" />
          Add to Sell List
        </Button>
      </DialogActions>
    </form>
  );
}
