import { Lock } from 'lucide-react';
import type { Message } from '@shared/contracts/messages';
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
      {message.attachments.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Attachments">
          {message.attachments.map((a) => (
            <li key={a.id} className="max-w-full">
              <AttachmentView attachment={a} />
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
