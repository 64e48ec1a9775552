import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { generateToken } from '../auth/crypto';
import { tooLarge, unsupported } from '../services/errors';
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, reencodeImage, sniffImage } from '../uploads/images';
import { mutation, signedIn } from './define';

export const SEND_AS_FORM = 'Send the image as multipart/form-data in a field named "file".';
export const IMAGE_TOO_LARGE = 'The image is larger than 5 MB. Please choose a smaller one.';

/** An image for an avatar or a banner: checked by its bytes and re-encoded, never stored as sent. Over REST only (multipart). */
export const uploads = {
  image: mutation({
    input: z.object({
      kind: z.enum(['avatar', 'banner'], { message: 'kind must be avatar or banner' }).default('avatar'),
      file: z.instanceof(File, { message: SEND_AS_FORM }),
    }),
    access: signedIn,
    run: async (ctx, input) => {
      if (input.file.size > MAX_UPLOAD_BYTES) throw tooLarge(IMAGE_TOO_LARGE);
      const bytes = new Uint8Array(await input.file.arrayBuffer());
      if (!sniffImage(bytes)) throw unsupported('Please choose a PNG, JPEG, WebP or GIF image.');
      let webp: Buffer;
      try {
        webp = await reencodeImage(bytes, input.kind);
      } catch {
        throw unsupported('This image could not be read. Please try another file.');
      }
      const name = `${generateToken()}.webp`;
      await mkdir(ctx.env.UPLOADS_DIR, { recursive: true });
      await writeFile(join(ctx.env.UPLOADS_DIR, name), webp);
      return { url: `/uploads/${name}`, width: IMAGE_KINDS[input.kind].width, height: IMAGE_KINDS[input.kind].height };
    },
  }),
};
