import sharp from 'sharp';

/** The most any upload may weigh, image or PDF. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_KINDS = { avatar: { width: 512, height: 512 }, banner: { width: 1200, height: 600 } } as const;
export type ImageKind = keyof typeof IMAGE_KINDS;
/** The longest side of a proof photo: enough to read a receipt, and never cropped. */
export const PROOF_IMAGE_MAX = 2000;

/** What the bytes are, by their signature; the file name and declared type are not trusted. */
export function sniffImage(b: Uint8Array): 'png' | 'jpeg' | 'gif' | 'webp' | null {
  const starts = (sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x47, 0x49, 0x46, 0x38]) && (b[4] === 0x37 || b[4] === 0x39) && b[5] === 0x61) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

/**
 * Decode and re-encode to WebP at the kind's size: whatever the upload hid (EXIF with GPS,
 * trailing scripts, polyglot tricks) does not survive. Orientation is applied first.
 */
export async function reencodeImage(bytes: Uint8Array, kind: ImageKind): Promise<Buffer> {
  const { width, height } = IMAGE_KINDS[kind];
  return sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'attention' })
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * A photo of a receipt or of a payment's confirmation, re-encoded as WebP like the others, but
 * kept whole (a crop could cut off the amount or the reference) and only ever made smaller.
 */
export async function reencodeProofImage(bytes: Uint8Array): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(bytes, { limitInputPixels: 50_000_000, failOn: 'error' })
    .rotate()
    .resize(PROOF_IMAGE_MAX, PROOF_IMAGE_MAX, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}
