import { mkdir, rm } from 'node:fs/promises';
import { z } from 'zod';
import { generateToken } from '../auth/crypto';
import { uploads as uploadRegistry } from '../../../db/schema';
import { cleanOriginalName, privateDir, privatePath } from '../uploads/files';
import { writeFileDurably } from '../uploads/durable-write';
import { PROOF_NAME_PATTERN, proofUrlOf } from '@shared/proofs';
import { rolesWith } from '@shared/permissions';
import { PROOF_NOT_FOUND, readableProof } from '../services/proofs';
import { DomainError, tooLarge, unsupported } from '../services/errors';
import { assertUploadAllowed } from '../uploads/allowance';
import { IMAGE_KINDS, MAX_UPLOAD_BYTES, makeVariants, reencodeImage, reencodeProofImage, removePublicFiles, sniffImage, writePublicFiles } from '../uploads/images';
import { MAX_PDF_PAGES, PdfRefused, rewritePdf, sniffPdf } from '../uploads/pdf';
import { mutation, query, signedIn, type SignedInContext } from './define';

export const SEND_AS_FORM = 'validation.upload.sendAsForm';
export const IMAGE_TOO_LARGE = 'errors.upload.tooLarge';

/** avatar and banner: an image cropped to the kind's size; proof: a payment's proof or an expense's receipt, a photo kept whole or a PDF. */
export const UPLOAD_KINDS = ['avatar', 'banner', 'proof'] as const;

const PDF_REFUSAL = { unreadable: 'errors.upload.pdfUnreadable', encrypted: 'errors.upload.pdfEncrypted', pages: 'errors.upload.pdfPages' } as const;

/**
 * Stored and registered, unattached: whatever uses the URL attaches it (uploads/registry.ts), or
 * the sweep removes it (and its narrower copies) a day later. The account's upload allowance is
 * checked in the same synchronous step as the insert, so side-by-side uploads cannot all pass on one count.
 * Photos and banners are public (/uploads/<name>); a proof is a private paper, stored in
 * UPLOADS_DIR/private and named by its authorised route (/api/proofs/<name>).
 */
async function store(
  ctx: SignedInContext,
  extension: 'webp' | 'pdf',
  data: Uint8Array,
  meta: { purpose: (typeof UPLOAD_KINDS)[number]; originalName: string; width: number | null; height: number | null; variants?: { width: number; data: Uint8Array }[] },
) {
  const name = `${generateToken()}.${extension}`;
  const proof = meta.purpose === 'proof';
  if (proof) {
    await mkdir(privateDir(ctx.env), { recursive: true });
    await writeFileDurably(privatePath(ctx.env, name), data);
  } else {
    await mkdir(ctx.env.UPLOADS_DIR, { recursive: true });
    await writePublicFiles(ctx.env.UPLOADS_DIR, name, data, meta.variants ?? []);
  }
  try {
    const now = ctx.now();
    assertUploadAllowed(ctx.db, ctx.env, { ownerId: ctx.user.id, now, bytes: data.byteLength });
    ctx.db
      .insert(uploadRegistry)
      .values({ name, ownerId: ctx.user.id, purpose: meta.purpose, contentType: extension === 'pdf' ? 'application/pdf' : 'image/webp', bytes: data.byteLength, originalName: meta.originalName, width: meta.width, height: meta.height, attachedAt: null, createdAt: now })
      .run();
  } catch (error) {
    await (proof ? rm(privatePath(ctx.env, name), { force: true }) : removePublicFiles(ctx.env.UPLOADS_DIR, name));
    throw error;
  }
  return proof ? proofUrlOf(name) : `/uploads/${name}`;
}

/**
 * An uploaded file, checked by its bytes and rewritten, never stored as sent: images are
 * re-encoded to WebP, and a proof may also be a PDF, rewritten by pdf-lib. Over REST only (multipart).
 */
export const uploads = {
  image: mutation({
    input: z.object({
      kind: z.enum(UPLOAD_KINDS, { message: 'errors.upload.kind' }).default('avatar'),
      file: z.instanceof(File, { message: SEND_AS_FORM }),
    }),
    access: signedIn,
    run: async (ctx, input) => {
      const proof = input.kind === 'proof';
      if (input.file.size > MAX_UPLOAD_BYTES) throw tooLarge(proof ? 'errors.upload.fileTooLarge' : IMAGE_TOO_LARGE);
      const bytes = new Uint8Array(await input.file.arrayBuffer());

      if (proof && sniffPdf(bytes)) {
        let pdf: Uint8Array;
        try {
          pdf = await rewritePdf(bytes);
        } catch (error) {
          // Whatever went wrong inside pdf-lib, the file is what could not be read: a 415, never a 500.
          const reason = error instanceof PdfRefused ? error.reason : 'unreadable';
          throw new DomainError('unsupported', PDF_REFUSAL[reason], undefined, undefined, { max: MAX_PDF_PAGES });
        }
        return { url: await store(ctx, 'pdf', pdf, { purpose: input.kind, originalName: cleanOriginalName(input.file.name), width: null, height: null }), type: 'pdf' as const, width: null, height: null };
      }

      if (!sniffImage(bytes)) throw unsupported(proof ? 'errors.upload.proofType' : 'errors.upload.type');
      let image: { data: Buffer; width: number; height: number };
      // Photos and banners get narrower copies for srcset; a proof is read whole, never in a grid.
      let variants: { width: number; data: Uint8Array }[] = [];
      try {
        image = input.kind === 'proof' ? await reencodeProofImage(bytes) : { data: await reencodeImage(bytes, input.kind), ...IMAGE_KINDS[input.kind] };
        if (input.kind !== 'proof') variants = await makeVariants(image.data, image.width);
      } catch {
        throw unsupported('errors.upload.unreadable');
      }
      const meta = { purpose: input.kind, originalName: cleanOriginalName(input.file.name), width: image.width, height: image.height, variants };
      return { url: await store(ctx, 'webp', image.data, meta), type: 'image' as const, width: image.width, height: image.height };
    },
  }),
};

/**
 * A proof of payment or receipt is a file, so it is a REST path only (GET /api/proofs/:name,
 * uploads/routes.ts): its uploader and the people the money concerns read it; see services/proofs.ts.
 * Finance officers are the roles with the capabilities to confirm payments and approve expenses.
 */
const PROOF_OFFICERS = [...new Set([...rolesWith('finances.record'), ...rolesWith('finances.approve')])];
/** A welfare case's papers and its benefit's proof: the roles that decide cases. */
const WELFARE_OFFICERS = rolesWith('welfare.manage');
export const proofFiles = {
  read: query({
    input: z.object({ name: z.string({ message: PROOF_NOT_FOUND }).regex(PROOF_NAME_PATTERN, PROOF_NOT_FOUND) }),
    access: signedIn,
    run: (ctx, input) => readableProof(ctx.db, { name: input.name, viewerId: ctx.user.id, officerRoles: PROOF_OFFICERS, welfareRoles: WELFARE_OFFICERS }),
  }),
};
