import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, errorMessage, NetworkError } from '@/lib/api-client';
import { CONVERSATION_LIMITS } from '@shared/contracts/messages';
import { rejectReason, uploadAttachment } from './upload-attachment';

/** A file of the message being written. */
export interface Upload {
  key: string;
  name: string;
  /** 0–1 while uploading. */
  progress: number;
  /** Its upload has begun (until then it waits for others to finish). */
  started?: boolean;
  attachmentId?: string;
  error?: string;
  /** The failure may pass on another try (the connection, a timeout, a busy server), not a refusal. */
  retryable?: boolean;
}

/** Whether an upload that failed this way may pass if tried again: not when the server refused the file. */
const mayPassAgain = (err: unknown) =>
  err instanceof NetworkError ||
  (err instanceof ApiError && (err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500));

/** Why an upload failed, said after the file's name. */
const failure = (err: unknown) =>
  err instanceof NetworkError ? 'no connection: check it, then try again' : errorMessage(err, 'Upload failed');

let counter = 0;

/** Runs the tasks given to it in order, at most `limit` at a time. */
function taskQueue(limit: number) {
  let running = 0;
  const waiting: Array<() => Promise<void>> = [];
  const next = () => {
    while (running < limit) {
      const task = waiting.shift();
      if (!task) return;
      running++;
      void task().finally(() => {
        running--;
        next();
      });
    }
  };
  return (task: () => Promise<void>) => {
    waiting.push(task);
    next();
  };
}

/**
 * Files picked or dropped for the next message: checked, then uploaded with their progress, as many
 * at a time as the server takes from one account (CONVERSATION_LIMITS.uploadsAtOnce); the rest wait
 * their turn.
 */
export function useUploads(ticketId: string) {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const aborts = useRef(new Map<string, AbortController>());
  const [enqueue] = useState(() => taskQueue(CONVERSATION_LIMITS.uploadsAtOnce));

  const update = (key: string, change: Partial<Upload>) =>
    setUploads((all) => all.map((u) => (u.key === key ? { ...u, ...change } : u)));

  // The files themselves, kept for Try again while they are in the list.
  const files = useRef(new Map<string, File>());

  const start = useCallback(
    (key: string, file: File) => {
      const stop = new AbortController();
      aborts.current.set(key, stop);
      enqueue(async () => {
        // Removed while it waited.
        if (stop.signal.aborted) return;
        update(key, { started: true });
        await uploadAttachment(ticketId, file, (progress) => update(key, { progress }), stop.signal)
          .then((a) => update(key, { attachmentId: a.id, progress: 1 }))
          .catch((err: unknown) => {
            if (!stop.signal.aborted) {
              update(key, { error: `${file.name}: ${failure(err)}`, retryable: mayPassAgain(err) });
            }
          })
          .finally(() => aborts.current.delete(key));
      });
    },
    [ticketId, enqueue],
  );

  const add = useCallback(
    (picked: Iterable<File>) => {
      for (const file of picked) {
        const key = `u${++counter}`;
        const refused = rejectReason(file);
        setUploads((all) => [...all, { key, name: file.name, progress: 0, ...(refused ? { error: refused } : {}) }]);
        if (refused) continue;
        files.current.set(key, file);
        start(key, file);
      }
    },
    [start],
  );

  /** Sends a file whose upload failed again, from the start. */
  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (!file) return;
      setUploads((all) => all.map((u) => (u.key === key ? { key, name: u.name, progress: 0 } : u)));
      start(key, file);
    },
    [start],
  );

  const remove = useCallback((key: string) => {
    aborts.current.get(key)?.abort();
    files.current.delete(key);
    setUploads((all) => all.filter((u) => u.key !== key));
  }, []);

  const clear = useCallback(() => {
    files.current.clear();
    setUploads([]);
  }, []);

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((a) => a.abort());
  }, []);

  return {
    uploads,
    add,
    remove,
    retry,
    clear,
    busy: uploads.some((u) => !u.error && !u.attachmentId),
    attachmentIds: uploads.flatMap((u) => (u.attachmentId ? [u.attachmentId] : [])),
  };
}
