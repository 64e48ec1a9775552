import { currentLanguage, i18next } from '../../i18n';

/** A refused or failed upload: the server's message (413, 415 and field errors say what to change). */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly issues: { path: (string | number)[]; message: string }[] = [],
  ) {
    super(message);
  }
}

/**
 * Posts a multipart form and reports how much of it has gone. XMLHttpRequest rather than fetch:
 * only it tells upload progress. Same conventions as every other call: the session cookie
 * (same origin), the interface's language for the server's messages.
 */
export function postForm<T>(url: string, body: FormData, opts: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.responseType = 'text';
    xhr.setRequestHeader('accept', 'application/json');
    xhr.setRequestHeader('accept-language', currentLanguage());
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) opts.onProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // A proxy's HTML error page: the status line speaks instead.
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(json as T);
        return;
      }
      const err = (json ?? {}) as { error?: string; issues?: UploadError['issues'] };
      reject(new UploadError(err.error ?? `${xhr.status}: ${xhr.statusText || i18next.t('documents.upload.failed')}`, xhr.status, err.issues ?? []));
    };
    xhr.onerror = () => reject(new UploadError(i18next.t('documents.upload.networkError'), null));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    if (opts.signal) {
      if (opts.signal.aborted) {
        reject(new DOMException('Aborted', 'AbortError'));
        return;
      }
      opts.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(body);
  });
}
