/*
 * Profile photos and banners (event covers are banners) in several widths. Every upload of a kind
 * is cropped to exactly the kind's size, and narrower copies are stored beside it under a name
 * derived from its own (`/uploads/<name>.webp` → `/uploads/<name>-400.webp`), so no table has to
 * list them: the client builds a `srcset` from the URL alone, and the server answers a copy it
 * does not have (uploads older than the copies) with the full image, so a srcset never breaks.
 */

/** The size every upload of a kind is cropped to. */
export const IMAGE_KINDS = { avatar: { width: 512, height: 512 }, banner: { width: 1200, height: 600 } } as const;
export type ImageKind = keyof typeof IMAGE_KINDS;

/** The narrower copies: a 40 px avatar on a sharp phone, a card in a grid, a banner across a phone. */
export const IMAGE_VARIANT_WIDTHS = [200, 400, 800] as const;

/** The copies an image of this width gets: only narrower ones, never an enlargement. */
export const variantWidthsFor = (width: number): number[] => IMAGE_VARIANT_WIDTHS.filter((w) => w < width);

/** A stored image's file name (random letters and digits, then `.webp`), optionally one of its copies. */
export const IMAGE_FILE_NAME = /^([a-z0-9]{16,64})(?:-(\d{3,4}))?\.webp$/;

/** The file name of the copy `width` pixels wide of the image stored as `name` (`abc.webp` → `abc-400.webp`). */
export const variantName = (name: string, width: number): string => name.replace(/\.webp$/, `-${width}.webp`);

const PUBLIC_IMAGE = /^\/uploads\/[a-z0-9]{16,64}\.webp$/;

/**
 * The `srcset` of an uploaded photo or banner: its narrower copies and the image itself at its
 * full width. Undefined for anything that is not an uploaded image (then `src` alone is used).
 */
export function srcSetFor(url: string | null | undefined, kind: ImageKind = 'banner'): string | undefined {
  if (!url || !PUBLIC_IMAGE.test(url)) return undefined;
  const full = IMAGE_KINDS[kind].width;
  return [...variantWidthsFor(full).map((w) => `${variantName(url, w)} ${w}w`), `${url} ${full}w`].join(', ');
}
