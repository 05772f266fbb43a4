/**
 * Featured Marketplace: shown only when GET /api/featured-skins returns skins; up to the
 * first 8 as skin cards, and 'View Full Marketplace' to /market. 'Buy Now' opens the market on
 * that skin's name. On phones the cards scroll sideways (eight full-width cards would be most of
 * the page); from small tablets up they form a grid.
 *
 * The cards render in a background pass (`useDeferredValue`, a transition React does in slices):
 * in the same pass as the data's arrival they were the landing page's longest task on a phone.
 * The section is hydrated after the page (hydrateOnView): until it is, it shows what its HTML has,
 * no cards, even when the skins are in the cache by then.
 */
import { useDeferredValue } from 'react';
import { Box, Button, Flex } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ArrowRightIcon } from 'lucide-react';
import { FEATURED_SKINS_LIMIT } from '../../../../shared/constants';
import type { MarketItem } from '../../../../shared/schemas/market';
import { useFeaturedSkinsQuery } from '../../queries/market';
import { useHydrated } from '../../useHydrated';
import { Section } from './Section';
import { SkinCard } from './SkinCard';

export function FeaturedMarketplace() {
  const skins = useDeferredValue(useFeaturedSkinsQuery().data);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  if (!hydrated || !skins || skins.length === 0) return null;

  const handleBuyNow = (skin: MarketItem) => navigate(`/market?${new URLSearchParams({ search: skin.name })}`);
  return (
    <Section eyebrow="On sale now" title="Featured Marketplace" lead="Hand-picked skins from our sellers, ready to buy with your balance.">
      <Box
        as="ul"
        role="list"
        aria-label="Featured skins"
        listStyleType="none"
        display={{ base: 'flex', sm: 'grid' }}
        gridTemplateColumns={{ sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' }}
        gap={{ base: '4', md: '5' }}
        overflowX={{ base: 'auto', sm: 'visible' }}
        scrollSnapType={{ base: 'x mandatory', sm: 'none' }}
        mx={{ base: '-4', sm: '0' }}
        px={{ base: '4', sm: '0' }}
        pb={{ base: '2', sm: '0' }}
      >
        {skins.slice(0, FEATURED_SKINS_LIMIT).map((skin) => (
          <Box as="li" key={skin.id} minW="0" flex={{ base: '0 0 78%', sm: 'initial' }} scrollSnapAlign="center">
            <SkinCard skin={skin} onBuyNow={handleBuyNow} />
          </Box>
        ))}
      </Box>
      <Flex justify="center" mt="8">
        <Button asChild variant="outline" size="lg">
          <RouterLink to="/market">
            View Full Marketplace
            <ArrowRightIcon aria-hidden="true" />
          </RouterLink>
        </Button>
      </Flex>
    </Section>
  );
}
