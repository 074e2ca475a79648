import {
  ATTACHMENT_MAX_LABEL,
  ATTACHMENT_TYPES,
  type Attachment,
  CONVERSATION_LIMITS,
  TEXT_FILE_EXTENSIONS,
} from '@shared/contracts/messages';
import { ApiError, NetworkError } from '@/lib/api-client';
import { formatFileSize } from '../lib/file-size';
import { tokenStore } from '@/lib/token-store';

/**
 * Why the browser will not send this file, or null. The server decides from the bytes (415/413)
 * anyway; this only spares an upload that would be refused. Text files come with many types, or
 * none: a text file's name (.log, .csv, .json, …) is enough to send it. A page (.html) is not one.
 */
export function rejectReason(file: File): string | null {
  const extension = file.name.includes('.') ? (file.name.split('.').pop() ?? '').toLowerCase() : '';
  const textName = (TEXT_FILE_EXTENSIONS as readonly string[]).includes(extension);
  if (!textName && !(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
    return `${file.name}: only PNG, JPEG, WebP, PDF or text files can be attached`;
  }
  if (file.size > CONVERSATION_LIMITS.attachmentMaxBytes) {
    return `${file.name}: a file must be at most ${ATTACHMENT_MAX_LABEL}`;
  }
  return null;
}

/**
 * Why a file stopped part way: on a slow or patchy line (a phone's photo at 150 kbit/s takes
 * minutes) the connection drops, or the server stops waiting (408 after REQUEST_TIMEOUT_MS). Says
 * how far it got and what can help, where a bare "Upload failed" left the customer to guess.
 */
export function stoppedMessage(sent: number, total: number, timedOut: boolean): string {
  const got = `${formatFileSize(sent)} of ${formatFileSize(total)}`;
  return timedOut
    ? `sending it took too long on this connection (it stopped after ${got}): send a smaller file, or try again on a faster connection`
    : `the connection dropped after ${got}: try again, or send a smaller file if the connection is slow`;
}

/**
 * POST /api/tickets/{id}/attachments (multipart `file`) with XMLHttpRequest, for its upload
 * progress (0–1). Refused as `api` refuses: the server's own message (415, 413, …); a file stopped
 * part way says how far it got (stoppedMessage).
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
    let sent = 0;
    xhr.upload.onprogress = (e) => {
      if (!e.lengthComputable) return;
      sent = Math.min(e.loaded, file.size);
      onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      const data = xhr.response as { attachment?: Attachment; error?: string } | null;
      if (xhr.status === 201 && data?.attachment) return resolve(data.attachment);
      if (xhr.status === 408) return reject(new ApiError(stoppedMessage(sent, file.size, true), 408));
      reject(new ApiError(data?.error ?? '', xhr.status));
    };
    // Nothing sent yet: the server was not reached at all, as for any call.
    xhr.onerror = () => reject(sent > 0 ? new ApiError(stoppedMessage(sent, file.size, false), 0) : new NetworkError());
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort());
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
