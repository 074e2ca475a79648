import { useEffect, useRef, useState } from 'react';
import type { Message } from '@shared/contracts/messages';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { useMarkRead, useMessages } from '../api/conversation-queries';
import { MessageItem } from './message-item';

/**
 * The thread, oldest first. Messages that arrive while it is open (a live event refreshes the
 * query) are announced politely ("New message from …"), and what is shown is marked read.
 */
export function MessageThread({
  ticketId,
  userId,
  emptyHint,
}: {
  ticketId: string;
  userId: string;
  /** What an empty thread says under "No messages yet": what the reader can do about it. */
  emptyHint: string;
}) {
  const messages = useMessages(ticketId);
  const markRead = useMarkRead(ticketId);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<string> | null>(null);
  const markedUpTo = useRef<string | null>(null);
  const { mutate } = markRead;

  const data = messages.data;
  useEffect(() => {
    if (!data) return;
    const previous = seen.current;
    seen.current = new Set(data.map((m) => m.id));
    if (previous) {
      const fresh = data.filter((m: Message) => !previous.has(m.id) && m.author.id !== userId);
      const last = fresh.at(-1);
      if (last) setAnnouncement(`New message from ${last.author.name}`);
    }
    const newest = data.at(-1);
    if (newest && markedUpTo.current !== newest.id) {
      markedUpTo.current = newest.id;
      mutate(newest.id);
    }
  }, [data, userId, mutate]);

  return (
    <section aria-labelledby="conversation-heading" className="flex flex-col gap-3">
      <h2 id="conversation-heading" className="text-lg font-semibold text-slate-900">
        Conversation
      </h2>
      <div aria-live="polite" role="status" className="sr-only">
        {announcement}
      </div>
      {messages.isPending && <LoadingState label="Loading messages" />}
      {messages.isError && (
        <ErrorState message="Could not load the conversation." onRetry={() => void messages.refetch()} />
      )}
      {data && data.length === 0 && <EmptyState title="No messages yet">{emptyHint}</EmptyState>}
      {data && data.length > 0 && (
        <ol className="flex flex-col gap-3" aria-label="Messages">
          {data.map((m) => (
            <MessageItem key={m.id} message={m} own={m.author.id === userId} />
          ))}
        </ol>
      )}
    </section>
  );
}
