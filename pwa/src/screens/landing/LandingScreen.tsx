/**
 * Landing page (/; spec "Landing page"): hero, live market stats, Why Choose, Trusted by
 * Professionals, reviews, How It Works, Featured Marketplace, Enterprise-Grade Security and a
 * closing call to action (the footer is the layout's).
 *
 * It stays light: it loads only the stats and featured skins and imports no market-buy, wallet or
 * policy code (the router loads each screen's code with its route).
 */
import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { CLAIMS } from './content';
import { FeaturedMarketplace } from './FeaturedMarketplace';
import { HowItWorksSection, SecuritySection, WhyChooseSection } from './FeatureSections';
import { HeroSection } from './HeroSection';
import { PrimaryAction } from './PrimaryAction';
import { ReviewsSection, TestimonialsSection } from './SocialProof';
import { StatsRow } from './StatsRow';

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

function ClosingCallToAction() {
  return (
    <Box
      as="section"
      aria-labelledby="closing-cta"
      mt={{ base: '6', md: '10' }}
      mb="4"
      px={{ base: '4', md: '12' }}
      py={{ base: '10', md: '16' }}
      borderRadius="l3"
      borderWidth="1px"
      borderColor="brand.muted"
      textAlign="center"
      css={{
        background:
          'radial-gradient(800px 300px at 50% 0%, rgba(249, 128, 7, 0.22), transparent 70%), var(--chakra-colors-bg-panel)',
      }}
    >
      <Stack gap="5" align="center" maxW="2xl" mx="auto">
        <Heading as="h2" id="closing-cta" size={{ base: '2xl', md: '4xl' }} letterSpacing="-0.02em">
          Ready to turn your skins into cash?
        </Heading>
        <Text color="fg.muted" fontSize={{ base: 'md', md: 'lg' }}>
          Join {CLAIMS.players} players who sell with a {CLAIMS.fee} fee, protected trades and payouts that arrive on time.
        </Text>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="3" w={{ base: 'full', sm: 'auto' }}>
          <PrimaryAction size={{ base: 'md', sm: 'lg' }} />
          <Button asChild size={{ base: 'md', sm: 'lg' }} variant="outline">
            <RouterLink to="/market">Explore the Market</RouterLink>
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}
