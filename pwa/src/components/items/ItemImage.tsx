/**
 * An item's picture on a glow of its rarity colour. A picture that is missing or fails to load is
 * replaced by a placeholder showing the item's name.
 * `ItemImage` is the card's picture (fixed aspect ratio, room for overlaid badges; class rules, as
 * it is drawn once per card: itemStyles.ts);
 * `ItemThumbnail` is the small square used in dialogs and lists.
 */
import { useState, type ReactNode } from 'react';
import { Center, Image, Text } from '@chakra-ui/react';
import { ITEM_CLASSES } from './itemStyles';
import { rarityCssVar, rarityStyle } from './rarity';

interface ItemPictureProps {
  /** The item's name: the placeholder's text when there is no picture. */
  name: string;
  imageUrl: string | null | undefined;
  /** Tints the background glow. */
  rarity: string;
}

/** The URL that failed to load, so a new URL (another item in the same slot) is tried again. */
function useImageFailure(imageUrl: string | null | undefined) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const showImage = Boolean(imageUrl) && failedUrl !== imageUrl;
  return { showImage, handleError: () => setFailedUrl(imageUrl ?? null) };
}

interface ItemImageProps extends ItemPictureProps {
  /** Badges laid over the picture (position them absolutely). */
  children?: ReactNode;
  /**
   * In the first screenful (likely the page's largest paint): fetched at once with high priority
   * instead of lazily, when layout has found it in view.
   */
  priority?: boolean;
}

export function ItemImage({ name, imageUrl, rarity, children, priority = false }: ItemImageProps) {
  const { showImage, handleError } = useImageFailure(imageUrl);
  return (
    <div className={ITEM_CLASSES.picture} style={rarityStyle(rarity)}>
      {showImage ? (
        <img
          className={ITEM_CLASSES.pictureImage}
          src={imageUrl ?? undefined}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={handleError}
        />
      ) : (
        <div className={ITEM_CLASSES.picturePlaceholder} data-testid="item-image-placeholder">
          <p aria-hidden="true">{name}</p>
        </div>
      )}
      {children}
    </div>
  );
}

interface ItemThumbnailProps extends ItemPictureProps {
  /** Side length as a Chakra size token; 16 (64 px) by default. */
  size?: string;
}

export function ItemThumbnail({ name, imageUrl, rarity, size = '16' }: ItemThumbnailProps) {
  const { showImage, handleError } = useImageFailure(imageUrl);
  return (
    <Center
      boxSize={size}
      flexShrink={0}
      borderRadius="l2"
      overflow="hidden"
      bg="bg.subtle"
      css={{
        backgroundImage: `radial-gradient(circle, color-mix(in srgb, ${rarityCssVar(rarity)} 30%, transparent), transparent 70%)`,
      }}
    >
      {showImage ? (
        <Image src={imageUrl ?? undefined} alt="" w="full" h="full" objectFit="contain" p="1" onError={handleError} />
      ) : (
        <Text fontSize="2xs" lineHeight="short" color="fg.muted" textAlign="center" px="1" lineClamp={3} aria-hidden="true">
          {name}
        </Text>
      )}
    </Center>
  );
}
