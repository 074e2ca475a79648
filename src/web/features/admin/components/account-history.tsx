import { History } from 'lucide-react';
import { useState } from 'react';
import { accountChangeTitle } from '@shared/account-changes';
import type { AdminUser } from '@shared/contracts/two-factor';
import { ROLE_TITLES } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import { LoadMore } from '@/components/ui/load-more';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { Timeline, TimelineEntry } from '@/components/ui/timeline';
import { formatDateTime } from '@/lib/format';
import { useAccountHistory } from '../api/users-queries';

/**
 * History on a card of All Users: what admins did to the account (created it, changed its role,
 * suspended or reinstated it, turned off its two-factor sign-in), who and when, read when opened.
 */
export function AccountHistory({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const history = useAccountHistory(user.id, open);
  const changes = history.data?.pages.flatMap((p) => p.changes) ?? [];
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} aria-label={`History of ${user.name}`}>
        <History aria-hidden="true" />
        History
      </Button>
      <DialogContent title="Account history" description={`${user.name} · ${user.email}`} className="max-w-lg">
        {history.isPending ? (
          <LoadingState label="Loading history" />
        ) : history.isError ? (
          <ErrorState message="Could not load the history." onRetry={() => void history.refetch()} />
        ) : changes.length === 0 ? (
          <EmptyState title="No changes by an admin">
            The account is as it was made{user.role === 'superadmin' ? ' (superadmins come from ADMIN_EMAIL)' : ''}.
          </EmptyState>
        ) : (
          <>
            <Timeline label="Changes">
              {changes.map((c) => (
                <TimelineEntry
                  key={c.id}
                  title={accountChangeTitle(c)}
                  meta={`${formatDateTime(c.createdAt)} · ${c.actor ? `by ${c.actor.name} (${ROLE_TITLES[c.actor.role]})` : 'by an admin whose account is gone'}`}
                />
              ))}
            </Timeline>
            <LoadMore pages={history} label="history" />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
