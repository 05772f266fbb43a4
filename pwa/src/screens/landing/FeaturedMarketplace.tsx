/**
 * Featured Marketplace (spec): shown only when GET /api/featured-skins returns skins; up to the
 * first 8 as skin cards, and 'View Full Marketplace' to /market. 'Buy Now' opens the market on
 * that skin's name.
 */
import { Button, Flex } from '@chakra-ui/react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { LuArrowRight } from 'react-icons/lu';
import { FEATURED_SKINS_LIMIT } from '../../../../shared/constants';
import type { MarketItem } from '../../../../shared/schemas/market';
import { ItemGrid, ItemGridCell } from '../../components/items/ItemGrid';
import { useFeaturedSkinsQuery } from '../../queries/market';
import { Section } from './Section';
import { SkinCard } from './SkinCard';

export function FeaturedMarketplace() {
  const { data: skins } = useFeaturedSkinsQuery();
  const navigate = useNavigate();
  if (!skins || skins.length === 0) return null;

  const handleBuyNow = (skin: MarketItem) => navigate(`/market?${new URLSearchParams({ search: skin.name })}`);
  return (
    <Section eyebrow="On sale now" title="Featured Marketplace" lead="Hand-picked skins from our sellers, ready to buy with your balance.">
      <ItemGrid label="Featured skins" columns={{ base: 1, sm: 2, lg: 4 }}>
        {skins.slice(0, FEATURED_SKINS_LIMIT).map((skin) => (
          <ItemGridCell key={skin.id}>
            <SkinCard skin={skin} onBuyNow={handleBuyNow} />
          </ItemGridCell>
        ))}
      </ItemGrid>
      <Flex justify="center" mt="8">
        <Button asChild variant="outline" size="lg">
          <RouterLink to="/market">
            View Full Marketplace
            <LuArrowRight aria-hidden="true" />
          </RouterLink>
        </Button>
      </Flex>
    </Section>
  );
}
