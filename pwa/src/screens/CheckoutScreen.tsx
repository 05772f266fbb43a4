// Checkout (/checkout): the route exists; the spec does not show its screen. Placeholder until its issue fills the screen.
import { PageTitle } from '../components/PageTitle';

export default function CheckoutScreen() {
  return <PageTitle title="Checkout" />;
}
