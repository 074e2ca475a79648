import { ArrowLeft } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { homePathFor, type Role } from '@shared/roles';
import type { OpenedFrom } from './open-ticket-link';

const LABELS: Record<Role, string> = {
  user: 'Back to my tickets',
  engineer: 'Back to my assigned tickets',
  admin: 'Back to All Tickets',
  superadmin: 'Back to All Tickets',
};

/**
 * The way from a ticket's page back to the caller's list: to the list it was opened from, as it was
 * left (`?q=…&status=…`), or, opened from an email or a bookmark, to the caller's dashboard.
 */
export function BackToListLink({ role }: { role: Role }) {
  const { state } = useLocation();
  const home = homePathFor(role);
  const from = (state as Partial<OpenedFrom> | null)?.from;
  // Only a path of the caller's own dashboard: the state is the app's, but a link is no place to trust it.
  const to = typeof from === 'string' && (from === home || from.startsWith(`${home}?`)) ? from : home;
  return (
    <Link
      to={to}
      className="inline-flex items-center gap-1.5 self-start rounded-md text-sm font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {LABELS[role]}
    </Link>
  );
}
