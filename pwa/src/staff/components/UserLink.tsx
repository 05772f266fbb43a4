/** A link to a user's page in the console (/staff/users/:id), named as the console names people. */
import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { personName } from '../format';

export function UserLink({ user }: { user: { id: string; displayName: string; steamId: string } }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium">
      <RouterLink to={`/users/${encodeURIComponent(user.id)}`}>{personName(user)}</RouterLink>
    </Link>
  );
}
