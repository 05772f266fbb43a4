/**
 * The sign-in button: a real link to /auth/steam, so the browser leaves the app for the Steam
 * OpenID flow (a full page navigation, never client-side routing).
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { Gamepad2Icon } from 'lucide-react';

export const STEAM_LOGIN_PATH = '/auth/steam';

interface SteamLoginButtonProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  /** Button text; 'Login with Steam' unless given. */
  label?: string;
}

export function SteamLoginButton({ label = 'Login with Steam', ...buttonProps }: SteamLoginButtonProps) {
  return (
    <Button colorPalette="brand" fontWeight="semibold" {...buttonProps} asChild>
      <a href={STEAM_LOGIN_PATH}>
        {/* Lucide draws no brands' logos: a game controller stands for Steam here and on the landing page. */}
        <Gamepad2Icon aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
