// Landing page (/). Placeholder until its issue fills the screen.
import { PageTitle } from '../components/PageTitle';

export default function LandingScreen() {
  return <PageTitle title="Sell CS2 Skins for Real Money" />;
}
