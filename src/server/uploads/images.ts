import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { syncFolder, writeNewFileDurably } from './durable-write';
import { IMAGE_KINDS, IMAGE_VARIANT_WIDTHS, variantName, variantWidthsFor, type ImageKind } from '@shared/images';

export { IMAGE_KINDS, type ImageKind };

/** The most any upload may weigh, image or PDF. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
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

/**
 * The narrower copies of a photo or banner (shared/images.ts names them), made from the stored
 * WebP itself so they show exactly the same crop. Never wider than the image.
 */
export async function makeVariants(webp: Uint8Array, width: number): Promise<{ width: number; data: Buffer }[]> {
  return Promise.all(
    variantWidthsFor(width).map(async (w) => ({ width: w, data: await sharp(webp, { failOn: 'error' }).resize({ width: w, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer() })),
  );
}

/** Writes a public upload (and an image's copies) into the uploads folder: all of them, or none. */
export async function writePublicFiles(dir: string, name: string, data: Uint8Array, variants: { width: number; data: Uint8Array }[]): Promise<void> {
  const files = [{ path: join(dir, name), data }, ...variants.map((v) => ({ path: join(dir, variantName(name, v.width)), data: v.data }))];
  const written = await Promise.allSettled(files.map((f) => writeNewFileDurably(f.path, f.data)));
  const failed = written.find((r) => r.status === 'rejected');
  if (failed) {
    // Only what this call wrote is removed: a name taken already ('wx') belongs to someone else.
    await Promise.all(files.filter((_, i) => written[i]!.status === 'fulfilled').map((f) => rm(f.path, { force: true })));
    throw failed.reason;
  }
  await syncFolder(dir);
}

/** Removes a public upload and whatever copies of it exist (a file already gone is what was wanted). */
export async function removePublicFiles(dir: string, name: string): Promise<void> {
  // Names come from the registry, never from a request; checked anyway so no path ever escapes the folder.
  if (!/^[a-z0-9]{16,64}\.(webp|pdf)$/.test(name)) throw new Error(`not a public upload name: ${name}`);
  const names = name.endsWith('.webp') ? [name, ...IMAGE_VARIANT_WIDTHS.map((w) => variantName(name, w))] : [name];
  await Promise.all(names.map((n) => rm(join(dir, n), { force: true })));
}
