import {
  ATTACHMENT_MAX_LABEL,
  ATTACHMENT_TYPES,
  type Attachment,
  CONVERSATION_LIMITS,
} from '@shared/contracts/messages';
import { ApiError, NetworkError } from '@/lib/api-client';
import { tokenStore } from '@/lib/token-store';

/**
 * Why the browser will not send this file, or null. The server decides from the bytes (415/413)
 * anyway; this only spares an upload that would be refused. Text files often come without a type.
 */
export function rejectReason(file: File): string | null {
  const type = file.type || (/\.(txt|log)$/i.test(file.name) ? 'text/plain' : '');
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(type)) {
    return `${file.name}: only PNG, JPEG, WebP, PDF or text files can be attached`;
  }
  if (file.size > CONVERSATION_LIMITS.attachmentMaxBytes) {
    return `${file.name}: a file must be at most ${ATTACHMENT_MAX_LABEL}`;
  }
  return null;
}

/**
 * POST /api/tickets/{id}/attachments (multipart `file`) with XMLHttpRequest, for its upload
 * progress (0–1). Refused as `api` refuses: the server's own message (415, 413, …).
 */
export function uploadAttachment(
  ticketId: string,
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<Attachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/tickets/${ticketId}/attachments`);
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.setRequestHeader('accept', 'application/json');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const data = xhr.response as { attachment?: Attachment; error?: string } | null;
      if (xhr.status === 201 && data?.attachment) return resolve(data.attachment);
      reject(new ApiError(data?.error ?? '', xhr.status));
    };
    xhr.onerror = () => reject(new NetworkError());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
