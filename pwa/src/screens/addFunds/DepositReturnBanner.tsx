/**
 * The banner shown on the return from the hosted checkout (`/add-funds?deposit=success|cancelled`,
 * rules in depositReturn.ts). After a success the provider's webhook may still be on its way, so
 * the user and the deposits are refetched every CREDIT_POLL_INTERVAL_MS until the payment shows
 * as credited, at most CREDIT_POLL_ATTEMPTS times.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CloseButton, HStack, Spinner } from '@chakra-ui/react';
import { Alert } from '@chakra-ui/react';
import { InternalLink } from '../../components/LegalPage';
import { formatBalance, useCurrentUser } from '../../queries/user';
import { useDepositsQuery } from '../../queries/wallet';
import { walletKeys, userKeys } from '../../queries/keys';
import {
  CREDIT_POLL_ATTEMPTS,
  CREDIT_POLL_INTERVAL_MS,
  DEPOSIT_RETURN_PARAM,
  depositReturnOutcome,
  isDepositCredited,
} from './depositReturn';

/** The banner for `?deposit=success|cancelled`; dismissing it drops the parameter. */
export function DepositReturnBanner() {
  const [searchParams, setSearchParams] = useSearchParams();
  const outcome = depositReturnOutcome(searchParams.get(DEPOSIT_RETURN_PARAM));

  function dismiss() {
    setSearchParams(
      (params) => {
        params.delete(DEPOSIT_RETURN_PARAM);
        return params;
      },
      { replace: true },
    );
  }

  if (outcome === 'success') return <DepositSuccessBanner onDismiss={dismiss} />;
  if (outcome === 'cancelled') {
    return (
      <ReturnAlert status="info" title="Payment cancelled" onDismiss={dismiss}>
        You cancelled the PayPal checkout, so nothing was charged. You can start a new deposit whenever you're ready.
      </ReturnAlert>
    );
  }
  return null;
}

/** Polls the user and the deposits until the payment shows as credited, or gives up after a while. */
function DepositSuccessBanner({ onDismiss }: { onDismiss: () => void }) {
  const queryClient = useQueryClient();
  const { data: user } = useCurrentUser();
  const { data: deposits } = useDepositsQuery();
  const balance = user?.balance;
  const [initialBalance] = useState(balance);
  const [gaveUp, setGaveUp] = useState(false);

  const latestStatus = deposits?.items[0]?.status;
  const credited = isDepositCredited({ latestStatus, initialBalance, balance });

  useEffect(() => {
    if (credited) return;
    let attempts = 0;
    const timer = window.setInterval(() => {
      attempts += 1;
      void queryClient.invalidateQueries({ queryKey: userKeys.current() });
      void queryClient.invalidateQueries({ queryKey: walletKeys.allDeposits() });
      if (attempts >= CREDIT_POLL_ATTEMPTS) {
        window.clearInterval(timer);
        setGaveUp(true);
      }
    }, CREDIT_POLL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [credited, queryClient]);

  return (
    <ReturnAlert status="success" title="Payment successful" onDismiss={onDismiss}>
      {credited ? (
        <>Thank you! Your deposit has been credited. Your balance is now {formatBalance(balance)}.</>
      ) : gaveUp ? (
        <>
          Thank you! Your payment is still being confirmed by the payment provider. Your balance updates as soon as it is;
          if it hasn't within an hour, please <InternalLink to="/contact-us">contact support</InternalLink>.
        </>
      ) : (
        <HStack as="span" gap={2} align="center">
          <Spinner size="xs" aria-hidden="true" />
          <span>Thank you! Funds are credited to your balance once the payment provider confirms the payment.</span>
        </HStack>
      )}
    </ReturnAlert>
  );
}

function ReturnAlert({
  status,
  title,
  onDismiss,
  children,
}: {
  status: 'success' | 'info';
  title: string;
  onDismiss: () => void;
  children: ReactNode;
}) {
  return (
    <Alert.Root
      status={status}
      variant="surface"
      borderRadius="lg"
      mb={{ base: 6, md: 8 }}
      role="status"
      animationName="fade-in, slide-from-top"
      animationDuration="moderate"
    >
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="semibold">{title}</Alert.Title>
        <Alert.Description color="fg.muted">{children}</Alert.Description>
      </Alert.Content>
      <CloseButton size="sm" alignSelf="flex-start" mt="-1" me="-1" aria-label="Dismiss message" onClick={onDismiss} />
    </Alert.Root>
  );
}
