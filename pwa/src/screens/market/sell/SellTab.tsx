/**
 * The Market's Sell tab (/market/sell and /market#sell). Visitors
 * see 'Login Required'. A signed-in seller sees 'Your Inventory' and the Sell List: 'Set Price'
 * puts an item on the list at a price, 'Put Up For Sale' sends one trade offer for the whole list
 * (after asking for a trade URL if none is saved) and the trade progress dialog follows the offer
 * (tradeFlow.ts) until it is accepted ('View My Listings') or fails ('Trade Canceled'). The first
 * visit shows the Trade Protection notice once.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { Box, Center, Grid, Spinner } from '@chakra-ui/react';
import type { InventoryItem } from '../../../../../shared/schemas/inventory';
import { AuthRequired } from '../../../components/AuthRequired';
import { useInventoryQuery } from '../../../queries/inventory';
import { useCurrentUser, type User } from '../../../queries/user';
import { SignInCheckFailed } from '../../inventory/InventoryMessages';
import { SellInventory } from './SellInventory';
import { addToSellList, reconcileSellList, removeFromSellList, sellListPayload, sellListTotals, type SellListEntry } from './sellList';
import { SellListBar } from './SellListBar';
import { SellListPanel } from './SellListPanel';
import { SetPriceDialog } from './SetPriceDialog';
import { TradeProgressDialog } from './TradeProgressDialog';
import { TradeProtectionNotice } from './TradeProtectionNotice';
import { TradeUrlDialog } from './TradeUrlDialog';
import { useTradeFlow } from './useTradeFlow';

/** Where 'Try Again' reloads the page: the Sell tab. */
const SELL_TAB_PATH = '/market/sell';

export default function SellTab() {
  const { data: user, isPending, isError, refetch, isRefetching } = useCurrentUser();
  if (isPending) {
    return (
      <Center minH="60" aria-busy="true" aria-label="Loading">
        <Spinner size="lg" color="brand.400" borderWidth="3px" />
      </Center>
    );
  }
  if (isError) {
    return <SignInCheckFailed title="Selling is not available" onRetry={() => void refetch()} retrying={isRefetching} />;
  }
  if (!user) {
    return <AuthRequired title="Login Required" headingLevel="h2" description="Please sign in with your Steam account to sell your skins." />;
  }
  return <SellView user={user} />;
}

function SellView({ user }: { user: User }) {
  const inventory = useInventoryQuery();
  const [storedList, setStoredList] = useState<SellListEntry[]>([]);
  const [pricing, setPricing] = useState<InventoryItem | null>(null);
  const [tradeUrlOpen, setTradeUrlOpen] = useState(false);
  const [progressOpen, setProgressOpen] = useState(false);
  const [offerCount, setOfferCount] = useState(0);
  const flow = useTradeFlow({ onAccepted: () => setStoredList([]) });
  const idle = flow.state.status === 'idle';
  const panelId = useId();

  // While no trade runs, the list follows the inventory (items sold elsewhere or now listed drop
  // out); during a trade the inventory marks the offered items as listed, so it is left alone.
  const sellList = useMemo(
    () => (idle && inventory.data ? reconcileSellList(storedList, inventory.data.items) : storedList),
    [idle, inventory.data, storedList],
  );

  // Accepted and failed trades show their outcome even if the seller had closed the dialog.
  useEffect(() => {
    if (flow.state.status === 'accepted' || flow.state.status === 'failed') setProgressOpen(true);
  }, [flow.state.status]);

  function handleAdd(item: InventoryItem, priceCents: bigint) {
    setStoredList(addToSellList(sellList, item, priceCents));
    // No toast: the card turns into 'In Sell List' and the panel (or the bar) shows it, and a toast
    // here would queue the trade's own messages behind it (one toast at a time).
    setPricing(null);
  }

  function startSale(tradeUrl: string) {
    if (sellList.length === 0) return;
    setOfferCount(sellList.length);
    setProgressOpen(true);
    flow.submit({ items: sellListPayload(sellList), tradeUrl });
  }

  function handlePutUpForSale() {
    if (!user.tradeUrl) {
      setTradeUrlOpen(true);
      return;
    }
    startSale(user.tradeUrl);
  }

  function handleDismissProgress() {
    setProgressOpen(false);
    if (flow.state.status === 'accepted' || flow.state.status === 'failed') flow.reset();
  }

  function handleTryAgain() {
    flow.reset();
    window.location.assign(SELL_TAB_PATH);
  }

  const hasEntries = sellList.length > 0;
  return (
    <>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 20rem' }} gap="6" alignItems="start">
        <Box order={{ base: hasEntries ? 2 : 1, xl: 1 }} minW="0">
          <SellInventory sellList={sellList} onSetPrice={setPricing} />
        </Box>
        <Box id={panelId} tabIndex={-1} order={{ base: hasEntries ? 1 : 2, xl: 2 }} position={{ xl: 'sticky' }} top={{ xl: '24' }} scrollMarginTop="24" outline="none">
          <SellListPanel
            entries={sellList}
            onRemove={(assetid) => setStoredList(removeFromSellList(sellList, assetid))}
            onPutUpForSale={handlePutUpForSale}
            tradeInProgress={!idle}
            onShowProgress={() => setProgressOpen(true)}
          />
        </Box>
      </Grid>
      {hasEntries && idle ? <SellListBar count={sellList.length} totalCents={sellListTotals(sellList).totalCents} panelId={panelId} /> : null}
      <SetPriceDialog item={pricing} onClose={() => setPricing(null)} onAdd={handleAdd} />
      <TradeUrlDialog open={tradeUrlOpen} onOpenChange={setTradeUrlOpen} user={user} onSaved={startSale} />
      <TradeProgressDialog
        state={flow.state}
        open={progressOpen}
        count={offerCount}
        onDismiss={handleDismissProgress}
        onCancelTrade={flow.cancel}
        onTryAgain={handleTryAgain}
      />
      <TradeProtectionNotice />
    </>
  );
}
