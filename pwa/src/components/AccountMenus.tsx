/**
 * The signed-in account area of the desktop bar: the balance and user menus. Its own module, loaded
 * only once a user is known, so a signed-out visit never downloads the menu machinery.
 */
import type { User } from '../queries/user';
import { BalanceMenu } from './BalanceMenu';
import { UserMenu } from './UserMenu';

export default function AccountMenus({ user }: { user: User }) {
  return (
    <>
      <BalanceMenu balance={user.balance} />
      <UserMenu user={user} />
    </>
  );
}
