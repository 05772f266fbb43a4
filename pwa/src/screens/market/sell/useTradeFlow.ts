/**
 * Runs the Sell tab's trade flow (tradeFlow.ts) against the API: `submit` sends the trade offer,
 * the offer's status is polled every 3 s while waiting, and the answers drive the machine.
 * `onAccepted` runs once when the offer is accepted (the screen empties its sell list then).
 */
import { useEffect, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError, isUnauthorized } from '../../../api/client';
import { toaster } from '../../../components/toaster';
import { inventoryKeys } from '../../../queries/inventory';
import { useSendTradeOfferMutation, useTradeOfferStatusQuery, type SendTradeOfferVariables } from '../../../queries/tradeOffers';
import { IDLE, requestFailureMessage, transition, watchedOfferId } from './tradeFlow';

export function useTradeFlow({ onAccepted }: { onAccepted: () => void }) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(transition, IDLE);
  const send = useSendTradeOfferMutation();
  const status = useTradeOfferStatusQuery(watchedOfferId(state));

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
    dispatch({ type: 'submitted' });
    send.mutate(variables, {
      onSuccess: (answer) => {
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
    cancel: () => dispatch({ type: 'cancelled' }),
    reset: () => dispatch({ type: 'reset' }),
  };
}
