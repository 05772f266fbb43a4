/**
 * Installing the app: where the browser offers it (`beforeinstallprompt`: Chromium), a slim banner
 * with an 'Install App' button that opens the browser's own install dialog; on iOS Safari, which
 * has no such event, short 'Add to Home Screen' instructions instead. Hidden once installed, when
 * running installed, and for good once dismissed. It floats at the bottom of the window instead of
 * taking a place in the page: it appears whenever the browser decides, and must not push the page
 * the visitor is reading (a layout shift).
 */
import { useEffect, useState, useSyncExternalStore } from 'react';
import { Box, Button, CloseButton, HStack, Icon, Text } from '@chakra-ui/react';
import { DownloadIcon, ShareIcon } from 'lucide-react';
import { installPrompt, setInstallPrompt, subscribeToInstallPrompt } from './installPrompt';

const DISMISSED_KEY = 'skinmarket.install-dismissed';

/** iOS Safari, not yet installed: the only way in is the Share menu. */
function isIosSafariInBrowser(): boolean {
  const { userAgent, maxTouchPoints } = navigator;
  const ios = /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const safari = /Safari/i.test(userAgent) && !/CriOS|FxiOS|EdgiOS|OPiOS/i.test(userAgent);
  const standalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return ios && safari && !standalone;
}

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

export function InstallButton() {
  const prompt = useSyncExternalStore(
    subscribeToInstallPrompt,
    installPrompt,
    () => null,
  );
  const [dismissed, setDismissed] = useState(wasDismissed);
  const [ios, setIos] = useState(false);
  useEffect(() => setIos(isIosSafariInBrowser()), []);

  if (dismissed || (!prompt && !ios)) return null;

  function handleDismiss() {
    setDismissed(true);
    try {
      window.localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Storage blocked: dismissed for this visit only.
    }
  }

  async function handleInstall() {
    if (!prompt) return;
    await prompt.prompt();
    // A prompt can be used once; the browser fires a new event if the app stays installable.
    setInstallPrompt(null);
  }

  return (
    <Box
      as="aside"
      aria-label="Install SkinMarket"
      position="fixed"
      zIndex="banner"
      bottom={{ base: '3', md: '6' }}
      insetStart={{ base: '3', md: '6' }}
      insetEnd={{ base: '3', md: 'auto' }}
      maxW={{ md: 'lg' }}
      shadow="lg"
      px={{ base: '4', md: '5' }}
      py="3"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="brand.muted"
      borderRadius="l3"
      colorPalette="brand"
    >
      <HStack gap="3" align="center">
        <Icon as={prompt ? DownloadIcon : ShareIcon} boxSize="5" color="brand.fg" flexShrink={0} aria-hidden="true" />
        <Text flex="1" fontSize="sm">
          {prompt ? (
            <>
              <Text as="span" fontWeight="semibold">
                Install SkinMarket
              </Text>{' '}
              to open it from your home screen or desktop, even offline.
            </>
          ) : (
            <>
              <Text as="span" fontWeight="semibold">
                Add to Home Screen:
              </Text>{' '}
              tap the Share button in Safari, then 'Add to Home Screen'.
            </>
          )}
        </Text>
        {prompt ? (
          <Button size="sm" colorPalette="brand" flexShrink={0} onClick={() => void handleInstall()}>
            <DownloadIcon aria-hidden="true" />
            Install App
          </Button>
        ) : null}
        <CloseButton size="xs" aria-label="Dismiss install suggestion" onClick={handleDismiss} />
      </HStack>
    </Box>
  );
}
