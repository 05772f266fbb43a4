/**
 * The one item card of the PWA: the Inventory grid, the Sell tab's grid and the market's Buy grid
 * all show items with it. It draws the picture (placeholder on error), StatTrak™/Souvenir badges,
 * weapon type, name, rarity badge, condition and float meter; the screen supplies the price, extra
 * details and the actions. With `link` or `onOpen` the whole card is clickable (the name is the
 * accessible link or button); actions stay clickable above it.
 */
import { useId, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatUsd, parseMoney } from '../../../../shared/money';
import { FloatMeter } from './FloatMeter';
import { ConditionLabel, QualityBadges } from './ItemBadges';
import { ItemImage } from './ItemImage';
import { ITEM_CLASSES } from './itemStyles';
import { RarityBadge } from './RarityBadge';

/** What a card shows of an item; inventory items and market items both fit it. */
export interface ItemCardItem {
  name: string;
  imageUrl: string | null | undefined;
  rarity: string;
  condition: string | null;
  /** Wear float; 'N/A' when absent. */
  float: number | string | null | undefined;
  statTrak?: boolean;
  souvenir?: boolean;
  /** 'Rifle', 'Knife' …; shown above the name when known. */
  weaponType?: string;
}

export interface ItemCardProps {
  item: ItemCardItem;
  /** Makes the card a link to this route (with optional router state). */
  link?: { to: string; state?: unknown };
  /** Makes the card a button (e.g. the market's detail dialog); ignored when `link` is given. */
  onOpen?: () => void;
  /** The price line, e.g. <ItemPrice amount="12.34" />. */
  price?: ReactNode;
  /** Extra lines under the float (e.g. <TradabilityBadges />). */
  details?: ReactNode;
  /** A badge in the picture's top-right corner (e.g. 'Listed'); position is handled here. */
  cornerBadge?: ReactNode;
  /** Buttons at the bottom of the card ('List for Sale', 'Set Price', 'Add to cart'). */
  actions?: ReactNode;
  /** The name's heading level in the page outline; h3 by default (grids sit under an h2). */
  headingLevel?: 'h2' | 'h3' | 'h4';
  /** The card is in the first screenful: its picture loads at once, ahead of the rest. */
  priority?: boolean;
}

/** A two-decimal API amount as the card's price ('$1,234.50'); unreadable amounts show '—'. */
export function ItemPrice({ amount, label }: { amount: string; label?: string }) {
  const cents = parseMoney(amount);
  return (
    <div>
      {label ? <p className={ITEM_CLASSES.priceLabel}>{label}</p> : null}
      <p className={ITEM_CLASSES.priceAmount}>{cents === null ? '—' : formatUsd(cents)}</p>
    </div>
  );
}

/** A line of small print with an icon, for a card's details ('Sends after …'). */
export function ItemCardNote({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div className={ITEM_CLASSES.cardNote}>
      {icon}
      <p>{children}</p>
    </div>
  );
}

function CardName({ item, link, onOpen }: Pick<ItemCardProps, 'item' | 'link' | 'onOpen'>) {
  if (link) {
    return (
      <RouterLink className={ITEM_CLASSES.cardOverlay} to={link.to} state={link.state}>
        {item.name}
      </RouterLink>
    );
  }
  if (onOpen) {
    return (
      <button className={ITEM_CLASSES.cardOverlay} type="button" onClick={onOpen}>
        {item.name}
      </button>
    );
  }
  return <>{item.name}</>;
}

/** Class rules (itemStyles.ts), not style props: a grid draws many cards at once. */
export function ItemCard({ item, link, onOpen, price, details, cornerBadge, actions, headingLevel = 'h3', priority = false }: ItemCardProps) {
  const nameId = useId();
  const clickable = Boolean(link || onOpen);
  const Heading = headingLevel;
  return (
    <article className={ITEM_CLASSES.card} data-clickable={clickable ? '' : undefined} aria-labelledby={nameId}>
      <ItemImage name={item.name} imageUrl={item.imageUrl} rarity={item.rarity} priority={priority}>
        <div className={ITEM_CLASSES.pictureStart}>
          <QualityBadges statTrak={item.statTrak} souvenir={item.souvenir} />
        </div>
        {cornerBadge ? <div className={ITEM_CLASSES.pictureEnd}>{cornerBadge}</div> : null}
      </ItemImage>
      <div className={ITEM_CLASSES.cardBody}>
        <div className={ITEM_CLASSES.cardTitle}>
          <p className={ITEM_CLASSES.cardKind}>{item.weaponType || 'Item'}</p>
          <Heading id={nameId} className={ITEM_CLASSES.cardName} title={item.name}>
            <CardName item={item} link={link} onOpen={onOpen} />
          </Heading>
        </div>
        <div className={ITEM_CLASSES.cardTags}>
          <RarityBadge rarity={item.rarity} />
          <ConditionLabel condition={item.condition} />
        </div>
        <FloatMeter float={item.float} />
        {details}
        {price ? <div className={ITEM_CLASSES.cardPrice}>{price}</div> : null}
      </div>
      {actions ? <div className={ITEM_CLASSES.cardActions}>{actions}</div> : null}
    </article>
  );
}
