import { Lock } from 'lucide-react';
import { type Attachment, isImageType, type Message } from '@shared/contracts/messages';
import { ROLE_TITLES } from '@shared/roles';
import { formatDateTime } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AttachmentView } from './attachment-view';

/** One message: author and role, time, text, files. A staff note is amber and says so. */
export function MessageItem({ message, own }: { message: Message; own: boolean }) {
  return (
    <li
      className={cn(
        'flex flex-col gap-2 rounded-xl border p-3 sm:p-4',
        message.internal ? 'border-amber-300 bg-amber-50' : own ? 'border-blue-200 bg-blue-50' : 'bg-white',
      )}
    >
      {message.internal && (
        <p className="flex items-center gap-1.5 text-xs font-semibold text-amber-900">
          <Lock aria-hidden="true" className="size-3.5" />
          Staff note — not visible to the customer
        </p>
      )}
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5 text-sm">
        <span className="font-semibold text-slate-900">{message.author.name}</span>
        <span className="text-xs text-slate-600">{ROLE_TITLES[message.author.role]}</span>
        <time dateTime={message.createdAt} className="text-xs text-slate-600 sm:ml-auto">
          {formatDateTime(message.createdAt)}
        </time>
      </div>
      {message.body && <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{message.body}</p>}
      <AttachmentList label="Pictures" attachments={message.attachments.filter((a) => isImageType(a.contentType))} />
      <AttachmentList label="Files" attachments={message.attachments.filter((a) => !isImageType(a.contentType))} />
    </li>
  );
}

/** Pictures and other files in rows of their own: a file's link never sits beside a tall picture. */
function AttachmentList({ label, attachments }: { label: string; attachments: Attachment[] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="flex flex-wrap items-start gap-2" aria-label={label}>
      {attachments.map((a) => (
        <li key={a.id} className="max-w-full">
          <AttachmentView attachment={a} />
        </li>
      ))}
    </ul>
  );
}
