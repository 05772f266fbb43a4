// Profile (/profile). Placeholder until its issue fills the screen.
import { PageTitle } from '../components/PageTitle';

export default function ProfileScreen() {
  return <PageTitle title="Profile" />;
}
