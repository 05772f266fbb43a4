// Withdraw Funds (/withdraw). Placeholder until its issue fills the screen.
import { PageTitle } from '../components/PageTitle';

export default function WithdrawScreen() {
  return <PageTitle title="Withdraw Funds" />;
}
