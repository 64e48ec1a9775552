import { Box, Image, type BoxProps } from '@chakra-ui/react';
import { bannerImage, IMAGE_SIZES } from '../../lib/images';

/** Colour families of the patterned covers: each community keeps one, picked from its id. */
const PALETTES = ['brand', 'orange', 'purple', 'blue', 'pink', 'yellow'] as const;
const ANGLES = [45, -45, 30, 60] as const;

/** The cover's colour family and stripe angle, fixed for a community (its id picks them). */
export function coverStyle(id: number) {
  const n = Math.abs(Math.trunc(id));
  return { palette: PALETTES[n % PALETTES.length]!, angle: ANGLES[Math.floor(n / PALETTES.length) % ANGLES.length]! };
}

/**
 * A community's cover: its banner when it has one, drawn over a woven stripe pattern in the
 * community's colours. The pattern is always there, so a community without a banner (or with
 * one still loading) never shows a flat block or a pair of initials that read as a failed image.
 */
export function CommunityCover({
  communityId,
  imageUrl,
  alt = '',
  lazy = false,
  sizes = IMAGE_SIZES.banner,
  children,
  ...rest
}: { communityId: number; imageUrl?: string | null; alt?: string; lazy?: boolean; /** How wide the cover is drawn (lib/images.ts IMAGE_SIZES). */ sizes?: string } & Omit<BoxProps, 'id'>) {
  const { palette, angle } = coverStyle(communityId);
  const stripe = 'var(--chakra-colors-color-palette-emphasized)';
  const thread = 'var(--chakra-colors-color-palette-solid)';
  return (
    <Box
      position="relative"
      overflow="hidden"
      colorPalette={palette}
      bg="colorPalette.muted"
      backgroundImage={`repeating-linear-gradient(${angle}deg, ${stripe} 0 14px, transparent 14px 34px), repeating-linear-gradient(${angle + 90}deg, transparent 0 22px, color-mix(in srgb, ${thread} 18%, transparent) 22px 26px, transparent 26px 44px)`}
      data-testid="community-cover"
      {...rest}
    >
      {imageUrl && <Image {...bannerImage(imageUrl, sizes)} alt={alt} position="absolute" inset="0" w="full" h="full" objectFit="cover" loading={lazy ? 'lazy' : undefined} />}
      {children}
    </Box>
  );
}
