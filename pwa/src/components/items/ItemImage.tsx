/**
 * An item's picture on a glow of its rarity colour. A picture that is missing or fails to load is
 * replaced by a placeholder showing the item's name (spec: "Failed skin image: placeholder").
 * `ItemImage` is the card's picture (fixed aspect ratio, room for overlaid badges);
 * `ItemThumbnail` is the small square used in dialogs and lists.
 */
import { useState, type ReactNode } from 'react';
import { Box, Center, Image, Text } from '@chakra-ui/react';
import { rarityCssVar } from './rarity';

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
  const colour = rarityCssVar(rarity);
  return (
    <Box
      position="relative"
      aspectRatio={{ base: '16 / 9', sm: '4 / 3' }}
      borderBottomWidth="3px"
      css={{
        borderBottomColor: colour,
        background: `radial-gradient(ellipse at 50% 60%, color-mix(in srgb, ${colour} 24%, transparent), transparent 70%), var(--chakra-colors-bg-subtle)`,
      }}
    >
      {showImage ? (
        <Image
          src={imageUrl ?? undefined}
          alt=""
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          // Out of the flow, so the picture's own size never stretches the box's aspect ratio.
          position="absolute"
          inset="0"
          w="full"
          h="full"
          objectFit="contain"
          p={{ base: '4', md: '5' }}
          filter="drop-shadow(0 10px 14px rgba(0, 0, 0, 0.45))"
          onError={handleError}
        />
      ) : (
        <Center h="full" px="6" textAlign="center" data-testid="item-image-placeholder">
          <Text fontSize="sm" fontWeight="semibold" color="fg.muted" lineClamp={3} aria-hidden="true">
            {name}
          </Text>
        </Center>
      )}
      {children}
    </Box>
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
