// My Listings (/listings). Placeholder until its issue fills the screen.
import { PageTitle } from '../components/PageTitle';

export default function MyListingsScreen() {
  return <PageTitle title="My Listings" subtitle="Track your item sales and earnings" />;
}
