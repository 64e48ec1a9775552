import { mkdir } from 'node:fs/promises';
import sharp from 'sharp';
import { generateToken } from '../../src/server/auth/crypto';
import { IMAGE_KINDS, makeVariants, reencodeImage, sniffImage, writePublicFiles } from '../../src/server/uploads/images';

/**
 * A banner with no text: a diagonal gradient, a band of woven blocks and a few soft circles,
 * drawn as SVG and rendered to PNG, so it can go through the upload path like a real file.
 */
function bannerSvg([a, b, c]: [string, string, string], seed: number): string {
  const w = 1200;
  const h = 600;
  let state = seed * 2654435761;
  const rand = () => ((state = (state * 1103515245 + 12345) >>> 0) / 2 ** 32);
  const blocks: string[] = [];
  const colours = [a, b, c, '#ffffff', '#1d1d1d'];
  for (let x = 0; x < w; x += 40) {
    for (let row = 0; row < 3; row += 1) {
      const fill = colours[Math.floor(rand() * colours.length)]!;
      blocks.push(`<rect x="${x}" y="${400 + row * 40}" width="40" height="40" fill="${fill}" fill-opacity="0.85"/>`);
    }
  }
  const circles = Array.from({ length: 4 }, () => {
    const r = 60 + rand() * 160;
    return `<circle cx="${Math.round(rand() * w)}" cy="${Math.round(rand() * 380)}" r="${Math.round(r)}" fill="${rand() > 0.5 ? c : '#ffffff'}" fill-opacity="0.25"/>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>${circles.join('')}${blocks.join('')}</svg>`;
}

/**
 * Renders a banner and stores it as an upload would be: sniffed, re-encoded to WebP by
 * reencodeImage, written to the uploads folder under a random name with its narrower copies. Returns its URL.
 */
export async function storeBanner(uploadsDir: string, palette: [string, string, string], seed: number): Promise<string> {
  const png = await sharp(Buffer.from(bannerSvg(palette, seed))).png().toBuffer();
  if (sniffImage(png) !== 'png') throw new Error('the generated banner is not a PNG');
  const webp = await reencodeImage(png, 'banner');
  const name = `${generateToken()}.webp`;
  await mkdir(uploadsDir, { recursive: true });
  await writePublicFiles(uploadsDir, name, webp, await makeVariants(webp, IMAGE_KINDS.banner.width));
  return `/uploads/${name}`;
}
