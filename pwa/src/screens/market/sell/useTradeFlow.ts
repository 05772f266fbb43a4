/**
 * Runs the Sell tab's trade flow (tradeFlow.ts) against the API: `submit` sends the trade offer,
 * the offer's status is polled every 3 s while waiting, and the answers drive the machine.
 * `onAccepted` runs once when the offer is accepted (the screen empties its sell list then).
 *
 * 'Cancel Trade' also calls the offer off at Steam, so the seller cannot accept there what the
 * screen shows as cancelled: at once while waiting, or as soon as the offer's id arrives when it
 * was cancelled while being sent. If the seller had accepted it first, they are told their items
 * are listed after all.
 */
import { useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from '../../../api/client';
import { toaster } from '../../../components/toaster';
import { inventoryKeys } from '../../../queries/keys';
import { useCancelTradeOfferMutation, useSendTradeOfferMutation, useTradeOfferStatusQuery, type SendTradeOfferVariables } from '../../../queries/tradeOffers';
import { IDLE, requestFailureMessage, transition, watchedOfferId } from './tradeFlow';

const CANCEL_FAILED = 'Could not cancel the trade offer right now. Please try again.';

export function useTradeFlow({ onAccepted }: { onAccepted: () => void }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(transition, IDLE);
  const send = useSendTradeOfferMutation();
  const callOff = useCancelTradeOfferMutation();
  const status = useTradeOfferStatusQuery(watchedOfferId(state));
  // Cancel Trade was clicked while the offer was being sent: its id, when it comes, is called off.
  const cancelledWhileSending = useRef(false);

  function callOffAtSteam(offerId: string) {
    callOff.mutate(offerId, {
      onSuccess: (answer) => {
        if (answer.isAccepted) toaster.create({ title: 'Trade Accepted', description: answer.message ?? 'Your items are on the market now.', type: 'info' });
      },
      onError: (error) => {
        if (isUnauthorized(error)) return;
        toaster.create({ title: 'Error', description: (error instanceof ApiError && error.detail) || CANCEL_FAILED, type: 'error' });
      },
    });
  }

  // Every poll answer (including repeats of the same one) goes to the machine.
  useEffect(() => {
    if (status.data) dispatch({ type: 'statusReceived', status: status.data });
  }, [status.data, status.dataUpdatedAt]);

  // A 4xx while polling (the offer is not found) is final; network blips keep the poll going.
  useEffect(() => {
    const error = status.error;
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
      dispatch({ type: 'statusFailed', reason: error.detail });
    }
  }, [status.error, status.errorUpdatedAt]);

  const onAcceptedRef = useRef(onAccepted);
  useEffect(() => {
    onAcceptedRef.current = onAccepted;
  });
  useEffect(() => {
    if (state.status === 'accepted') onAcceptedRef.current();
    // Accepted, the items left for the bot; failed, they are free to sell again: either way the
    // inventory's `listed` flags changed.
    if (state.status === 'accepted' || state.status === 'failed') void queryClient.invalidateQueries({ queryKey: inventoryKeys.mine() });
  }, [state.status, queryClient]);

  function submit(variables: SendTradeOfferVariables) {
    cancelledWhileSending.current = false;
    dispatch({ type: 'submitted' });
    send.mutate(variables, {
      onSuccess: (answer) => {
        if (answer.success && answer.offerId && cancelledWhileSending.current) {
          callOffAtSteam(answer.offerId);
          return;
        }
        if (answer.success && answer.offerId) {
          dispatch({ type: 'offerSent', offerId: answer.offerId });
          return;
        }
        dispatch({ type: 'offerRefused', reason: answer.message ?? null });
        toaster.create({ ...requestFailureMessage(answer), type: 'error' });
      },
      onError: (error) => {
        dispatch({ type: 'offerRefused', reason: error instanceof ApiError ? error.detail : null });
        if (isUnauthorized(error)) return; // the query client signs the user out: 'Login Required'
        toaster.create({ ...requestFailureMessage(error), type: 'error' });
      },
    });
  }

  return {
    state,
    submit,
    cancel: () => {
      const offerId = watchedOfferId(state);
      if (offerId) callOffAtSteam(offerId);
      else if (state.status === 'processing') cancelledWhileSending.current = true;
      dispatch({ type: 'cancelled' });
    },
    reset: () => dispatch({ type: 'reset' }),
  };
}
