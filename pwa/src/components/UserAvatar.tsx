/** The user's Steam avatar; without an image (or if it fails) the first letter of the username. */
import { Avatar, type AvatarRootProps } from '@chakra-ui/react';

interface UserAvatarProps extends Omit<AvatarRootProps, 'children'> {
  username: string;
  avatar: string | null | undefined;
}

export function UserAvatar({ username, avatar, ...rootProps }: UserAvatarProps) {
  const initial = username.trim().charAt(0).toUpperCase() || '?';
  return (
    <Avatar.Root colorPalette="brand" variant="solid" {...rootProps}>
      <Avatar.Fallback fontWeight="bold">{initial}</Avatar.Fallback>
      {avatar ? <Avatar.Image src={avatar} alt="" /> : null}
    </Avatar.Root>
  );
}
