import { Paperclip, Send } from 'lucide-react';
import { type DragEvent, type FormEvent, useEffect, useId, useRef, useState } from 'react';
import {
  ATTACHMENT_MAX_LABEL,
  ATTACHMENT_TYPES,
  CONVERSATION_LIMITS,
  TEXT_FILE_EXTENSIONS,
} from '@shared/contracts/messages';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/utils';
import { newIdempotencyKey, usePostMessage } from '../api/conversation-queries';
import { useUploads } from '../api/use-uploads';
import { drafts, type Sending } from '../lib/drafts';
import { UploadList } from './upload-list';

const BODY_MAX = CONVERSATION_LIMITS.bodyMax;

const ACCEPT = [...ATTACHMENT_TYPES, ...TEXT_FILE_EXTENSIONS.map((e) => `.${e}`)].join(',');

/** A send taking longer than this is on a slow or stalled line: the composer says so. */
const SLOW_SEND_MS = 8_000;

/**
 * Writes a message: text, files by the button or dropped on it (uploaded at once, with progress),
 * and for staff a toggle for a staff note. `notesOnly`: the ticket is completed, only staff notes
 * may still be written. A failed send keeps the text and the files; the text is kept across a
 * reload or a new sign-in too (lib/drafts.ts).
 */
export function Composer({
  ticketId,
  userId,
  canWriteNotes,
  notesOnly,
}: {
  ticketId: string;
  userId: string;
  canWriteNotes: boolean;
  notesOnly: boolean;
}) {
  // What was being written here before a reload or a new sign-in (lib/drafts.ts).
  const [body, setBodyState] = useState(() => drafts.read(userId, ticketId));
  const setBody = (text: string) => {
    setBodyState(text);
    drafts.write(userId, ticketId, text);
  };
  const [note, setNote] = useState(notesOnly);
  const [error, setError] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const files = useUploads(ticketId);
  const post = usePostMessage(ticketId);
  // One key per message as it was sent: Send again on the same words and files after a failure (the
  // answer may have been lost, the message made) reuses it, so the server does not post it twice;
  // kept with the draft, so a reload in between does not lose it.
  const [kept] = useState(() => drafts.readSending(userId, ticketId));
  const sending = useRef<Sending | null>(kept);
  const id = useId();
  const internal = notesOnly || note;
  // The send (by its start time) that has taken longer than SLOW_SEND_MS.
  const [slowSend, setSlowSend] = useState(0);
  useEffect(() => {
    if (!post.isPending) return;
    const started = post.submittedAt;
    const timer = setTimeout(() => setSlowSend(started), SLOW_SEND_MS);
    return () => clearTimeout(timer);
  }, [post.isPending, post.submittedAt]);
  const slow = post.isPending && slowSend === post.submittedAt;
  // No maxLength on the box: a browser cuts a long paste there without a word. The count shows near
  // the limit, and Send says what to do past it, the text kept.
  const tooLong = body.length > BODY_MAX;
  const nearLimit = body.length > BODY_MAX * 0.9;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (files.busy || post.isPending) return;
    // A file that did not arrive is not dropped without a word: the customer meant to send it.
    const failed = files.uploads.filter((u) => u.error);
    if (failed.length > 0) {
      const names = failed.map((u) => u.name).join(', ');
      const them = failed.length === 1 ? 'it' : 'them';
      const retryable = failed.filter((u) => u.retryable).length;
      setError(
        retryable === failed.length
          ? `${names} could not be attached: try again, or remove ${them}, then send`
          : retryable > 0
            ? `${names} could not be attached: try again where it is offered, or remove them, then send`
            : `${names} could not be attached: remove ${them} or attach again, then send`,
      );
      return;
    }
    if (!body.trim() && files.attachmentIds.length === 0) {
      setError('Write a message or attach a file');
      return;
    }
    if (tooLong) {
      setError(
        `A message can be at most ${BODY_MAX.toLocaleString('en-IN')} characters: shorten it or send the rest as a text file`,
      );
      return;
    }
    setError('');
    const message = { body, internal, attachmentIds: files.attachmentIds };
    const same = JSON.stringify(message);
    if (sending.current?.message !== same) {
      sending.current = { key: newIdempotencyKey(), message: same };
      drafts.writeSending(userId, ticketId, sending.current);
    }
    post.mutate(
      { ...message, key: sending.current.key },
      {
        onSuccess: () => {
          sending.current = null;
          drafts.writeSending(userId, ticketId, null);
          setBody('');
          files.clear();
          // A note is ticked for one message: the next is for the customer unless ticked again.
          setNote(false);
        },
        onError: (err) => setError(errorMessage(err, 'The message could not be sent. Try again.')),
      },
    );
  };

  const attach = (list: FileList) => {
    files.add(list);
    setError('');
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    attach(e.dataTransfer.files);
  };

  return (
    <form
      onSubmit={submit}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      aria-label="Write a message"
      className={cn(
        'flex flex-col gap-3 rounded-xl border bg-white p-3 sm:p-4',
        internal && 'border-amber-300 bg-amber-50',
        dragging && 'ring-2 ring-primary',
      )}
    >
      <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-900">
        {internal ? 'Staff note' : 'Message'}
      </label>
      <Textarea
        id={`${id}-body`}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          setError('');
        }}
        placeholder={dragging ? 'Drop files to attach them' : 'Write a message, or drop files here'}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error && `${id}-error`, nearLimit && `${id}-count`].filter(Boolean).join(' ') || undefined}
      />
      {nearLimit && (
        <p id={`${id}-count`} className={cn('text-xs', tooLong ? 'font-medium text-destructive' : 'text-slate-600')}>
          {body.length.toLocaleString('en-IN')} / {BODY_MAX.toLocaleString('en-IN')} characters
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <UploadList
        uploads={files.uploads}
        onRemove={(key) => {
          files.remove(key);
          setError('');
        }}
        onRetry={(key) => {
          files.retry(key);
          setError('');
        }}
      />
      <div className="flex flex-wrap items-center gap-3">
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            if (e.target.files) attach(e.target.files);
            e.target.value = '';
          }}
        />
        <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          <Paperclip aria-hidden="true" />
          Attach files
        </Button>
        {canWriteNotes && !notesOnly && (
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={note}
              onChange={(e) => setNote(e.target.checked)}
              className="size-4 shrink-0"
            />
            Staff note (not visible to the customer)
          </label>
        )}
        <Button type="submit" size="sm" className="ml-auto" disabled={files.busy || post.isPending}>
          <Send aria-hidden="true" />
          {post.isPending ? 'Sending…' : 'Send'}
        </Button>
      </div>
      {slow && (
        <p role="status" className="text-sm text-slate-700">
          Still sending: the connection is slow. Your message stays here until it is sent.
        </p>
      )}
      <p className="text-xs text-slate-600">PNG, JPEG, WebP, PDF or text, up to {ATTACHMENT_MAX_LABEL} each.</p>
    </form>
  );
}
