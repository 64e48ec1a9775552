import { i18next } from '../i18n';

/** Sends an image to POST /api/uploads; resolves with its URL or rejects with the server's message. */
export async function uploadImage(file: File, kind: 'avatar' | 'banner'): Promise<string> {
  const body = new FormData();
  body.append('kind', kind);
  body.append('file', file);
  const res = await fetch('/api/uploads', { method: 'POST', body, credentials: 'same-origin' });
  const json = (await res.json().catch(() => null)) as { url?: string; error?: string } | null;
  if (!res.ok || !json?.url) throw new Error(json?.error ?? `${res.status}: ${res.statusText || i18next.t('common.image.uploadFailed')}`);
  return json.url;
}
