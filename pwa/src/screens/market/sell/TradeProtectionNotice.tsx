/**
 * The one-time Trade Protection notice: the first time a signed-in user opens the
 * Sell tab it explains Steam's 7-day trade protection before they sell. Closing it
 * sets the browser-storage flag `tradeProtectionWarningShown`, so it never shows again there.
 */
import { useState } from 'react';
import { Box, Button, Circle, HStack, Stack, Text } from '@chakra-ui/react';
import { Dialog } from '@chakra-ui/react';
import { List } from '@chakra-ui/react';
import { ShieldExclamationPointIcon } from 'lucide-react';
import { PLATFORM_FEE_PERCENT, STORAGE_KEYS, TRADE_HOLD_DAYS } from '../../../../../shared/constants';
import { ModalDialog } from '../../../components/dialogs';

function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(STORAGE_KEYS.tradeProtectionWarningShown) === 'true';
  } catch {
    return false; // storage blocked: show it (it is only a notice)
  }
}

function rememberShown(): void {
  try {
    window.localStorage.setItem(STORAGE_KEYS.tradeProtectionWarningShown, 'true');
  } catch {
    // Storage blocked: it shows again next time, which is harmless.
  }
}

export function TradeProtectionNotice() {
  const [open, setOpen] = useState(() => !alreadyShown());

  function handleClose() {
    rememberShown();
    setOpen(false);
  }

  return (
    <ModalDialog open={open} onClose={handleClose} size="md">
      <Dialog.Header pe="12">
        <HStack gap="3">
          <Circle size="10" bg="yellow.subtle" color="yellow.fg" flexShrink={0}>
            <ShieldExclamationPointIcon size="20" aria-hidden="true" />
          </Circle>
          <Dialog.Title>Trade Protection</Dialog.Title>
        </HStack>
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="4" color="fg.muted">
          <Text>
            Steam protects every trade for <Text as="strong" color="fg">{TRADE_HOLD_DAYS} days</Text>. When you accept
            our bot's trade offer, your items go on sale at once, but they stay under Steam's trade protection
            until the hold ends.
          </Text>
          <List.Root gap="2" ps="5">
            <List.Item>
              Your sale is paid to your balance when the {TRADE_HOLD_DAYS}-day protection ends (price minus the{' '}
              {PLATFORM_FEE_PERCENT}% fee).
            </List.Item>
            <List.Item>
              <Box as="span" color="fg" fontWeight="semibold">
                If you reverse the trade in Steam during the protection, the items return to you and your listing
                is cancelled.
              </Box>{' '}
              A buyer who already paid is refunded and you are not paid.
            </List.Item>
          </List.Root>
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button colorPalette="brand">I Understand</Button>
        </Dialog.ActionTrigger>
      </Dialog.Footer>
    </ModalDialog>
  );
}
