/**
 * The console: the sign-in screen without a staff session, else the layout with the section the
 * address names. A section the person's roles do not open says so (the server refuses its data
 * anyway); an unknown address says there is no such page.
 */
import { type ReactElement } from 'react';
import { Button, Stack } from '@chakra-ui/react';
import { Link as RouterLink, Route, Routes } from 'react-router-dom';
import { staffCan, type StaffAbility, type StaffMe } from '../../../shared/schemas/staff';
import { PageTitle } from '../components/PageTitle';
import { QueryView } from './components/Feedback';
import { StaffLayout } from './components/StaffLayout';
import { useStaffMe } from './queries/me';
import { AuditScreen } from './screens/AuditScreen';
import { DepositsScreen } from './screens/DepositsScreen';
import { MarketScreen } from './screens/MarketScreen';
import { OverviewScreen } from './screens/OverviewScreen';
import { SignInScreen } from './screens/SignInScreen';
import { SupportScreen } from './screens/SupportScreen';
import { UserDetailScreen } from './screens/UserDetailScreen';
import { UsersScreen } from './screens/UsersScreen';
import { WithdrawalsScreen } from './screens/WithdrawalsScreen';
import { sectionOf } from './sections';
import { SignedInStaffContext } from './signedInStaff';

function Elsewhere({ title, children }: { title: string; children: string }) {
  return (
    <Stack gap="4" align="flex-start">
      <PageTitle title={title} subtitle={children} mb="0" />
      <Button asChild variant="outline">
        <RouterLink to="/">Go to the overview</RouterLink>
      </Button>
    </Stack>
  );
}

function Section({ me, ability, screen, path }: { me: StaffMe; ability: StaffAbility; screen: ReactElement; path: string }) {
  if (staffCan(me.roles, ability)) return screen;
  const label = sectionOf(path)?.label ?? 'This section';
  return <Elsewhere title="Not for your roles">{`${label} is not open to the roles you have (${me.roles.join(', ')}).`}</Elsewhere>;
}

function SignedIn({ me }: { me: StaffMe }) {
  const section = (path: string, ability: StaffAbility, screen: ReactElement) => <Section me={me} ability={ability} screen={screen} path={path} />;
  return (
    <SignedInStaffContext.Provider value={me}>
      <StaffLayout me={me}>
        <Routes>
          <Route index element={section('/', 'overview.read', <OverviewScreen />)} />
          <Route path="withdrawals" element={section('/withdrawals', 'withdrawals.read', <WithdrawalsScreen />)} />
          <Route path="deposits" element={section('/deposits', 'deposits.read', <DepositsScreen />)} />
          <Route path="users" element={section('/users', 'users.read', <UsersScreen />)} />
          <Route path="users/:id" element={section('/users', 'users.read', <UserDetailScreen />)} />
          <Route path="market" element={section('/market', 'market.read', <MarketScreen />)} />
          <Route path="support" element={section('/support', 'support.read', <SupportScreen />)} />
          <Route path="audit" element={section('/audit', 'audit.read', <AuditScreen />)} />
          <Route path="*" element={<Elsewhere title="No such page">There is no page at this address in the staff console.</Elsewhere>} />
        </Routes>
      </StaffLayout>
    </SignedInStaffContext.Provider>
  );
}

export function StaffApp() {
  const me = useStaffMe();
  return (
    <QueryView query={me} what="the staff console">
      {(signedIn) => (signedIn ? <SignedIn me={signedIn} /> : <SignInScreen />)}
    </QueryView>
  );
}
