import { IMAGE_KINDS, srcSetFor } from '@shared/images';

export { srcSetFor };

/*
 * The attributes of an uploaded photo or banner: its narrower copies in `srcset` with the width
 * it is drawn at in `sizes`, so a phone downloads a copy its screen needs rather than the full
 * 1200 px banner; and the stored size in width/height, so the browser reserves the box before the
 * bytes arrive and nothing below it moves. Spread on an <img> (Chakra Image, Avatar.Image).
 */

/** How wide an image is drawn, for `sizes` (Chakra's breakpoints: sm 480 px, lg 1024 px). */
export const IMAGE_SIZES = {
  /** A card in the one, two or three column grids of discover, communities and the dashboard. */
  card: '(min-width: 1024px) 400px, (min-width: 480px) 50vw, 100vw',
  /** A banner or cover across a page column (at most about 900 px wide). */
  banner: '(min-width: 960px) 900px, 100vw',
  /** An avatar: never drawn wider than 64 px. */
  avatar: '64px',
} as const;

/** src, srcset, sizes, width and height of an uploaded banner or event cover. */
export function bannerImage(url: string, sizes: string = IMAGE_SIZES.banner) {
  return { src: url, srcSet: srcSetFor(url, 'banner'), sizes, width: IMAGE_KINDS.banner.width, height: IMAGE_KINDS.banner.height };
}

/** src, srcset and sizes of a profile photo (the avatar's box sets its size). */
export function avatarImage(url: string) {
  return { src: url, srcSet: srcSetFor(url, 'avatar'), sizes: IMAGE_SIZES.avatar };
}
