/*
 * Proofs of payment and receipts (a community's payments and expenses, a savings circle's
 * contributions and payouts) are private papers: stored apart from the public uploads and served
 * only by GET /api/proofs/<name>, to the people who may see that money move. The name keeps the
 * file's kind (`.webp` a photo, `.pdf` a PDF), so a screen knows which it links to.
 */

export const PROOF_URL_PREFIX = '/api/proofs/';
/** A proof's URL as the rows store it and the screens use it; the first group is the stored name. */
export const PROOF_URL_PATTERN = /^\/api\/proofs\/([a-z0-9]{16,64}\.(?:webp|pdf))$/;
export const PROOF_NAME_PATTERN = /^[a-z0-9]{16,64}\.(?:webp|pdf)$/;

export const proofUrlOf = (name: string) => `${PROOF_URL_PREFIX}${name}`;
export const proofNameOf = (url: string | null | undefined) => (url ? PROOF_URL_PATTERN.exec(url)?.[1] : undefined);
/** A PDF is offered as a download; a photo may be shown. */
export const isPdfProof = (url: string) => url.endsWith('.pdf');
