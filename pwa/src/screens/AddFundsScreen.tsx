// Add Funds (/add-funds). Placeholder until its issue fills the screen.
import { PageTitle } from '../components/PageTitle';

export default function AddFundsScreen() {
  return <PageTitle title="Add Funds" />;
}
