import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { generateToken } from '../auth/crypto';
import { tooLarge, unsupported } from '../services/errors';
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, reencodeImage, sniffImage } from '../uploads/images';
import { mutation, signedIn } from './define';

export const SEND_AS_FORM = 'validation.upload.sendAsForm';
export const IMAGE_TOO_LARGE = 'errors.upload.tooLarge';

/** An image for an avatar or a banner: checked by its bytes and re-encoded, never stored as sent. Over REST only (multipart). */
export const uploads = {
  image: mutation({
    input: z.object({
      kind: z.enum(['avatar', 'banner'], { message: 'validation.upload.kind' }).default('avatar'),
      file: z.instanceof(File, { message: SEND_AS_FORM }),
    }),
    access: signedIn,
    run: async (ctx, input) => {
      if (input.file.size > MAX_UPLOAD_BYTES) throw tooLarge(IMAGE_TOO_LARGE);
      const bytes = new Uint8Array(await input.file.arrayBuffer());
      if (!sniffImage(bytes)) throw unsupported('errors.upload.type');
      let webp: Buffer;
      try {
        webp = await reencodeImage(bytes, input.kind);
      } catch {
        throw unsupported('errors.upload.unreadable');
      }
      const name = `${generateToken()}.webp`;
      await mkdir(ctx.env.UPLOADS_DIR, { recursive: true });
      await writeFile(join(ctx.env.UPLOADS_DIR, name), webp);
      return { url: `/uploads/${name}`, width: IMAGE_KINDS[input.kind].width, height: IMAGE_KINDS[input.kind].height };
    },
  }),
};
