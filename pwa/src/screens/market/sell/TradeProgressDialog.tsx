/**
 * The trade progress dialog of the Sell tab: one face per state of tradeFlow.ts.
 * - processing: the offer is being created; cannot be dismissed; 'Cancel Trade'.
 * - waiting: the offer is out, the status is polled every 3 s; 'Cancel Trade' (or close it and
 *   come back through the Sell List's 'View Trade Status').
 * - accepted: 'View My Listings' (/listings) or 'Close'.
 * - failed: 'Trade Canceled', the failed-screen text and the server's reason; 'Try Again'.
 */
import { type ReactNode } from 'react';
import { Button, Circle, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CircleCheckIcon, CircleXIcon, ExternalLinkIcon } from 'lucide-react';
import { TRADE_HOLD_DAYS } from '../../../../../shared/constants';
import { ModalDialog } from '../../../components/dialogs';
import { itemCount } from '../../inventory/inventoryFilters';
import { isDismissable, TRADE_FAILED_SCREEN, type TradeFlowState } from './tradeFlow';

const STEAM_TRADE_OFFERS_URL = 'https://steamcommunity.com/my/tradeoffers/';

interface TradeProgressDialogProps {
  state: TradeFlowState;
  open: boolean;
  /** How many items the offer is for. */
  count: number;
  /** Hide the dialog (waiting: the flow goes on; failed/accepted: the flow ends). */
  onDismiss: () => void;
  onCancelTrade: () => void;
  onTryAgain: () => void;
}

interface Face {
  title: string;
  icon: ReactNode;
  body: ReactNode;
  footer: ReactNode;
}

function faceFor(state: TradeFlowState, count: number, props: TradeProgressDialogProps): Face | null {
  const cancel = (
    <Button variant="outline" colorPalette="red" onClick={props.onCancelTrade}>
      Cancel Trade
    </Button>
  );
  switch (state.status) {
    case 'idle':
      return null;
    case 'processing':
      return {
        title: 'Sending Trade Offer',
        icon: <Spinner size="xl" color="brand.400" borderWidth="3px" />,
        body: <Text color="fg.muted">Our trade bot is creating a Steam trade offer for your {itemCount(count)}. This takes a few seconds.</Text>,
        footer: cancel,
      };
    case 'waiting':
      return {
        title: 'Waiting for You to Accept',
        icon: <Spinner size="xl" color="brand.400" borderWidth="3px" />,
        body: (
          <Stack gap="3" align="center">
            <Text color="fg.muted">
              We sent you a Steam trade offer for your {itemCount(count)}. Accept it in Steam; this window updates by
              itself when you do.
            </Text>
            <Link href={STEAM_TRADE_OFFERS_URL} target="_blank" rel="noopener noreferrer" color="brand.fg" fontWeight="medium">
              Open my Steam trade offers
              <ExternalLinkIcon aria-hidden="true" />
            </Link>
          </Stack>
        ),
        footer: cancel,
      };
    case 'accepted':
      return {
        title: 'Trade Accepted',
        icon: (
          <Circle size="16" bg="green.subtle" color="green.fg">
            <CircleCheckIcon size="32" aria-hidden="true" />
          </Circle>
        ),
        body: (
          <Text color="fg.muted">
            Your items are on the market now. You are paid when Steam's {TRADE_HOLD_DAYS}-day trade protection ends;
            follow them in My Listings.
          </Text>
        ),
        footer: (
          <>
            <Button variant="outline" borderColor="border.emphasized" onClick={props.onDismiss}>
              Close
            </Button>
            <Button asChild colorPalette="brand">
              <RouterLink to="/listings">View My Listings</RouterLink>
            </Button>
          </>
        ),
      };
    case 'failed':
      return {
        title: 'Trade Canceled',
        icon: (
          <Circle size="16" bg="red.subtle" color="red.fg">
            <CircleXIcon size="32" aria-hidden="true" />
          </Circle>
        ),
        body: (
          <Stack gap="3">
            <Text color="fg.muted">{TRADE_FAILED_SCREEN}</Text>
            {state.reason ? (
              <Alert.Root status="error" textAlign="start">
                <Alert.Indicator />
                <Alert.Title>{state.reason}</Alert.Title>
              </Alert.Root>
            ) : null}
            <Link asChild color="brand.fg" alignSelf="center" fontSize="sm">
              <RouterLink to="/report-issue">Open a support ticket</RouterLink>
            </Link>
          </Stack>
        ),
        footer: (
          <Button colorPalette="brand" onClick={props.onTryAgain}>
            Try Again
          </Button>
        ),
      };
  }
}

export function TradeProgressDialog(props: TradeProgressDialogProps) {
  const { state, open, count, onDismiss } = props;
  const face = faceFor(state, count, props);
  const dismissable = isDismissable(state);
  return (
    <ModalDialog
      open={open && face !== null}
      onClose={() => {
        if (dismissable) onDismiss();
      }}
      size="sm"
      dismissable={dismissable}
      role={state.status === 'failed' ? 'alertdialog' : 'dialog'}
      contentProps={{ 'aria-busy': state.status === 'processing' }}
    >
      {face ? (
        <>
          <Dialog.Body pt="8">
            <Stack gap="4" align="center" textAlign="center" aria-live="polite">
              {face.icon}
              <Dialog.Title fontSize="xl">{face.title}</Dialog.Title>
              {face.body}
            </Stack>
          </Dialog.Body>
          <Dialog.Footer justifyContent="center" flexDirection={{ base: 'column-reverse', sm: 'row' }} alignItems={{ base: 'stretch', sm: 'center' }} gap="3">
            {face.footer}
          </Dialog.Footer>
        </>
      ) : null}
    </ModalDialog>
  );
}
