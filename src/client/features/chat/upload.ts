import { i18next } from '../../i18n';

type Answer = {
  name?: string;
  isImage?: boolean;
  contentType?: string;
  error?: string;
};
function parse(text: string): Answer | null {
  try {
    return JSON.parse(text) as Answer;
  } catch {
    // Not JSON (a proxy's page): the status says what happened.
    return null;
  }
}

export type ChatUpload = { name: string; isImage: boolean };

/**
 * Sends a file to POST /api/chat/files, reporting progress (0–100); resolves with the upload's
 * name to pass to chat.send. XMLHttpRequest rather than fetch: fetch cannot report upload progress.
 */
export function uploadChatFile(file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<ChatUpload> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/chat/files');
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept-language', i18next.language);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const json = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && json?.name)
        resolve({
          name: json.name,
          isImage: json.isImage ?? json.contentType?.startsWith('image/') ?? false,
        });
      else reject(new Error(json?.error ?? `${xhr.status}: ${xhr.statusText || i18next.t('chat.screen.composer.uploadFailed')}`));
    };
    xhr.onerror = () => reject(new Error(i18next.t('common.errors.offline')));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const body = new FormData();
    body.append('file', file);
    xhr.send(body);
  });
}
