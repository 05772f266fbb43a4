/**
 * The sign-in button: a real link to /auth/steam, so the browser leaves the app for the Steam
 * OpenID flow (a full page navigation, never client-side routing).
 */
import { Button, type ButtonProps } from '@chakra-ui/react';
import { FaSteam } from 'react-icons/fa';

export const STEAM_LOGIN_PATH = '/auth/steam';

interface SteamLoginButtonProps extends Omit<ButtonProps, 'asChild' | 'children'> {
  /** Button text; 'Login with Steam' unless given. */
  label?: string;
}

export function SteamLoginButton({ label = 'Login with Steam', ...buttonProps }: SteamLoginButtonProps) {
  return (
    <Button colorPalette="brand" fontWeight="semibold" {...buttonProps} asChild>
      <a href={STEAM_LOGIN_PATH}>
        <FaSteam aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
