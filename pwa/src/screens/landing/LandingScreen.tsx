/**
 * Landing page (/): hero, live market stats, Why Choose, Trusted by
 * Professionals, reviews, How It Works, Featured Marketplace, Enterprise-Grade Security and a
 * closing call to action (the footer is the layout's).
 *
 * It stays light: it loads only the stats and featured skins and imports no market-buy, wallet or
 * policy code (the router loads each screen's code with its route); the sections below the fold
 * load their code when they come into view.
 */
import { hydrateOnView } from '../../prerender/hydrateOnView';
import { ClosingCallToAction } from './ClosingCallToAction';
import { HeroSection } from './HeroSection';
import { StatsRow } from './StatsRow';

// Below the fold on every screen, and the same for everyone: hydrated as they come near the
// viewport (prerender/hydrateOnView.tsx). The closing call to action is not one of them: its button
// depends on the session, and its HTML (for a visitor) must not linger for a signed-in user.
const WhyChooseSection = hydrateOnView(() => import('./FeatureSections').then((module) => ({ default: module.WhyChooseSection })));
const TestimonialsSection = hydrateOnView(() => import('./SocialProof').then((module) => ({ default: module.TestimonialsSection })));
const ReviewsSection = hydrateOnView(() => import('./SocialProof').then((module) => ({ default: module.ReviewsSection })));
const HowItWorksSection = hydrateOnView(() => import('./FeatureSections').then((module) => ({ default: module.HowItWorksSection })));
const FeaturedMarketplace = hydrateOnView(() => import('./FeaturedMarketplace').then((module) => ({ default: module.FeaturedMarketplace })));
const SecuritySection = hydrateOnView(() => import('./FeatureSections').then((module) => ({ default: module.SecuritySection })));

export default function LandingScreen() {
  return (
    <>
      <HeroSection />
      <StatsRow />
      <WhyChooseSection />
      <TestimonialsSection />
      <ReviewsSection />
      <HowItWorksSection />
      <FeaturedMarketplace />
      <SecuritySection />
      <ClosingCallToAction />
    </>
  );
}
