// Inventory (/inventory): the signed-in user's Steam inventory. Placeholder until its issue fills the screen.
import { PageTitle } from '../components/PageTitle';

export default function InventoryScreen() {
  return <PageTitle title="Your Arsenal" />;
}
