/**
 * The landing page's skin card: image (a placeholder showing the name when it
 * fails to load), name, rarity badge (none for 'unknown'), condition, price, float ('N/A' when
 * absent) and 'Buy Now', which calls the supplied handler or else goes to /market. Drawn with the
 * shared ItemCard so a skin looks the same here as on the market.
 */
import { Button } from '@chakra-ui/react';
import { useNavigate } from 'react-router-dom';
import { ShoppingCartIcon } from 'lucide-react';
import type { MarketItem } from '../../../../shared/schemas/market';
// Straight from the file, not the items barrel: the barrel also holds the sell-price field, whose
// schema library / must not download.
import { ItemCard, ItemPrice } from '../../components/items/ItemCard';

interface SkinCardProps {
  skin: MarketItem;
  onBuyNow?: (skin: MarketItem) => void;
}

export function SkinCard({ skin, onBuyNow }: SkinCardProps) {
  const navigate = useNavigate();
  const handleBuyNow = () => (onBuyNow ? onBuyNow(skin) : navigate('/market'));
  return (
    <ItemCard
      item={skin}
      price={<ItemPrice amount={skin.price} />}
      actions={
        <Button w="full" size="sm" colorPalette="brand" onClick={handleBuyNow} aria-label={`Buy Now: ${skin.name}`}>
          <ShoppingCartIcon aria-hidden="true" />
          Buy Now
        </Button>
      }
    />
  );
}
