import { Ban, CalendarClock, KeyRound, type LucideIcon, Mail, Phone, ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACCOUNT_STATES, type AccountState } from '@shared/contracts/admin';
import type { AdminUser } from '@shared/contracts/two-factor';
import { ROLES, type Role } from '@shared/roles';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DetailRow } from '@/components/ui/detail-row';
import { EmailText } from '@/components/ui/email-text';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { LoadMore } from '@/components/ui/load-more';
import { ListFilters, SearchField } from '@/components/ui/search-input';
import { EmptyState, ErrorState, LoadingState } from '@/components/ui/state';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/auth';
import { formatDateTime } from '@/lib/format';
import { useSearchParam, useSearchText } from '@/lib/use-search-param';
import { cn } from '@/lib/utils';
import { useAdminUsers } from '../api/users-queries';
import { AccountHistory } from './account-history';
import { EditDetails } from './edit-details-dialog';
import { ChangeRole, Suspension, TurnOffTwoFactor } from './user-account-actions';
import { NewUserForm } from './new-user-form';

const ROLE_STYLES: Record<Role, string> = {
  user: 'bg-slate-100 text-slate-800 ring-slate-300',
  engineer: 'bg-cyan-100 text-cyan-900 ring-cyan-300',
  admin: 'bg-indigo-100 text-indigo-900 ring-indigo-300',
  superadmin: 'bg-amber-100 text-amber-900 ring-amber-300',
};

function RoleBadge({ role }: { role: Role }) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold capitalize ring-1 ring-inset',
        ROLE_STYLES[role],
      )}
    >
      {role === 'superadmin' ? (
        <>
          <ShieldCheck aria-hidden="true" className="size-3.5" />
          Superadmin
        </>
      ) : (
        role
      )}
    </span>
  );
}

/** "Joined …", "Suspended …": the label is read once, before the date. */
function DateRow({
  icon: Icon,
  label,
  at,
  className,
}: {
  icon: LucideIcon;
  label: string;
  at: string;
  className: string;
}) {
  return (
    <div className={cn('flex items-start gap-2', className)}>
      <dt>
        <Icon aria-hidden="true" className="mt-0.5 size-4" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd>
        <span aria-hidden="true">{label} </span>
        {formatDateTime(at)}
      </dd>
    </div>
  );
}

function UserCard({
  user,
  canTurnOff,
  canManage,
  canEditDetails,
}: {
  user: AdminUser;
  canTurnOff: boolean;
  canManage: boolean;
  canEditDetails: boolean;
}) {
  return (
    <Card className="h-full p-5">
      <div className="flex items-start justify-between gap-3">
        <h3 className="min-w-0 font-semibold wrap-anywhere text-slate-900">{user.name}</h3>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <RoleBadge role={user.role} />
          {user.suspendedAt && (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-semibold text-red-900 ring-1 ring-inset ring-red-300">
              <Ban aria-hidden="true" className="size-3.5" />
              Suspended
            </span>
          )}
          {user.twoFactorEnabled && (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-900 ring-1 ring-inset ring-emerald-300">
              <KeyRound aria-hidden="true" className="size-3.5" />
              2FA on
            </span>
          )}
        </div>
      </div>
      <dl className="mt-3 grid gap-2 text-sm">
        <DetailRow icon={Mail} label="Email">
          <EmailText email={user.email} />
        </DetailRow>
        <DetailRow icon={Phone} label="Phone" className="break-all">
          {user.phone || '—'}
        </DetailRow>
        <DateRow icon={CalendarClock} label="Joined" at={user.createdAt} className="text-muted-foreground" />
        {user.suspendedAt && <DateRow icon={Ban} label="Suspended" at={user.suspendedAt} className="text-red-800" />}
      </dl>
      <div className="mt-4 flex flex-wrap gap-2">
        {user.role === 'engineer' && (
          <Link
            to={`${paths.admin}?engineer=${user.id}`}
            className={buttonVariants({ variant: 'outline', size: 'sm' })}
            aria-label={`Assigned tickets of ${user.name}`}
          >
            Assigned tickets
          </Link>
        )}
        {canEditDetails && <EditDetails user={user} />}
        {canManage && user.role !== 'superadmin' && (
          <>
            <ChangeRole user={{ ...user, role: user.role }} />
            <Suspension user={user} />
          </>
        )}
        {user.twoFactorEnabled && canTurnOff && <TurnOffTwoFactor user={user} />}
        <AccountHistory user={user} />
      </div>
    </Card>
  );
}

/** The roles the list can be narrowed to: an admin and a superadmin are both "Admins" here. */
const ROLE_FILTERS: { value: Role | ''; label: string }[] = [
  { value: '', label: 'Everyone' },
  { value: 'user', label: 'Customers' },
  { value: 'engineer', label: 'Engineers' },
  { value: 'admin', label: 'Admins' },
  { value: 'superadmin', label: 'Superadmins' },
];

function UserList() {
  const [search, setSearch, q] = useSearchText();
  const [role, setRole] = useSearchParam('role', ROLES);
  const [state, setState] = useSearchParam('state', ACCOUNT_STATES);
  const users = useAdminUsers({ role, state, q });
  const { user: me } = useCurrentUser();
  const all = users.data?.pages.flatMap((p) => p.users) ?? [];
  // "customers", "suspended engineers", "active accounts": whom the filters leave.
  const group = `${state ? `${state} ` : ''}${(role && ROLE_FILTERS.find((r) => r.value === role)?.label.toLowerCase()) || 'accounts'}`;
  return (
    <div className="flex flex-col gap-4">
      <ListFilters>
        <SearchField
          value={search}
          onChange={setSearch}
          hint="Name, email or phone"
          placeholder="Meera, @example.com, 98765…"
          maxLength={100}
        />
        <FormField label="Filter by role" className="w-full sm:max-w-xs">
          <NativeSelect value={role} onChange={(e) => setRole(e.target.value as Role | '')}>
            {ROLE_FILTERS.map((r) => (
              <option key={r.value} value={r.value}>
                {r.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Filter by state" className="w-full sm:max-w-xs">
          <NativeSelect value={state} onChange={(e) => setState(e.target.value as AccountState | '')}>
            <option value="">Active and suspended</option>
            <option value="active">Active</option>
            <option value="suspended">Suspended</option>
          </NativeSelect>
        </FormField>
      </ListFilters>
      {users.isPending ? (
        <LoadingState label="Loading users" />
      ) : !users.data ? (
        <ErrorState message="We could not load the users." onRetry={() => void users.refetch()} />
      ) : all.length === 0 ? (
        q || role || state ? (
          <EmptyState title="No users found">
            {q
              ? `Nobody matches “${q}”${role || state ? ` among the ${group}` : ''}.`
              : `No ${group}${state ? '' : ' yet'}.`}
          </EmptyState>
        ) : (
          <EmptyState title="No users yet">Accounts appear here once people sign up or you create one.</EmptyState>
        )
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="All users">
            {all.map((u) => (
              <li key={u.id} data-page-item>
                {/* A superadmin's two-factor sign-in only a superadmin may turn off (the server says so too). */}
                <UserCard
                  user={u}
                  canTurnOff={u.role !== 'superadmin' || me?.role === 'superadmin'}
                  // Never one's own role or suspension (an admin would lock themselves out); never a
                  // superadmin's (below).
                  canManage={u.id !== me?.id}
                  // One's own too (staff have no profile page); a superadmin's only by that superadmin.
                  canEditDetails={u.role !== 'superadmin' || u.id === me?.id}
                />
              </li>
            ))}
          </ul>
          <LoadMore pages={users} label="users" />
        </>
      )}
    </div>
  );
}

/** All Users: the + New User form and every account, newest first. */
export function UsersTab() {
  // null until the form has been opened; false once it has closed again (+ New User takes the focus back).
  const [creating, setCreating] = useState<boolean | null>(null);
  return (
    <div className="flex flex-col gap-6">
      {creating ? (
        <NewUserForm onDone={() => setCreating(false)} />
      ) : (
        <Button className="self-start" onClick={() => setCreating(true)} autoFocus={creating === false}>
          + New User
        </Button>
      )}
      <UserList />
    </div>
  );
}
