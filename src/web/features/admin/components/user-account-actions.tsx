import { useState } from 'react';
import type { AdminUser } from '@shared/contracts/two-factor';
import { CREATABLE_ROLES, type CreatableRole, ROLE_TITLES, type Role } from '@shared/roles';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChangeRole, useSuspension, useTurnOffTwoFactor } from '../api/users-queries';

// What an admin does to an account from its card in All Users, each after a confirmation: turn off
// its two-factor sign-in, change its role, suspend or reinstate it (DECISIONS.md §3, §7.6).

/**
 * "Turn off 2FA" for an account locked out of its authenticator (DECISIONS.md §7.6), after a
 * confirmation: the account's sessions end and its password alone signs in again.
 */
export function TurnOffTwoFactor({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const turnOff = useTurnOffTwoFactor();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Turn off 2FA
      </Button>
      <DialogContent
        title="Turn off two-factor sign-in?"
        description={`${user.name} (${user.email}) will sign in with the password alone, and is signed out everywhere now.`}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={turnOff.isPending}
            onClick={() =>
              turnOff.mutateAsync(user.id).then(
                () => {
                  setOpen(false);
                  toast.success(`Two-factor sign-in turned off for ${user.name}`);
                },
                (err: unknown) => toast.error(errorMessage(err, 'Something went wrong')),
              )
            }
          >
            Turn off 2FA
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** "a customer", "an engineer", "an admin". */
const aRole = (role: Role) => {
  const title = ROLE_TITLES[role].toLowerCase();
  return `${/^[aeiou]/.test(title) ? 'an' : 'a'} ${title}`;
};

/** What a role lets the person do, said where an admin picks it. */
const ROLE_MEANINGS: Record<CreatableRole, string> = {
  user: 'books and pays for tickets',
  engineer: 'works on the tickets assigned to them',
  admin: 'runs the whole service',
};

/**
 * "Change role", after a confirmation: an engineer who leaves becomes a customer, a customer hired
 * becomes an engineer. The server refuses an engineer who still has tickets not yet completed (the
 * message says so); the account is signed out everywhere and signs in again with its new role.
 */
export function ChangeRole({ user }: { user: AdminUser & { role: CreatableRole } }) {
  const [open, setOpen] = useState(false);
  const [role, setRole] = useState<CreatableRole>(user.role);
  const change = useChangeRole();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => {
          // Each opening starts from the account's role as the list shows it now.
          setRole(user.role);
          setOpen(true);
        }}
        aria-label={`Change role of ${user.name}`}
      >
        Change role
      </Button>
      <DialogContent
        title={`Change the role of ${user.name}`}
        description={`${user.email} is ${aRole(user.role)}. A change signs them out everywhere: they sign in again with the new role.`}
      >
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            change.mutateAsync({ id: user.id, role }).then(
              () => {
                setOpen(false);
                toast.success(`${user.name} is now ${aRole(role)}`);
              },
              (err: unknown) => toast.error(errorMessage(err, 'Failed to change the role')),
            );
          }}
        >
          <FormField label="New role" hint={`${ROLE_TITLES[role]}: ${ROLE_MEANINGS[role]}`}>
            <NativeSelect value={role} onChange={(e) => setRole(e.target.value as CreatableRole)}>
              {CREATABLE_ROLES.map((r) => (
                <option key={r} value={r}>
                  {ROLE_TITLES[r]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <div className="flex flex-wrap justify-end gap-3">
            <DialogClose asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={change.isPending || role === user.role}>
              Change role
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * "Suspend", after a confirmation: a customer who abuses the service, staff who have left. The account
 * is signed out everywhere and signs in by no path until "Reinstate"; its tickets stay. The server
 * refuses an engineer who still has tickets not yet completed (the message names them).
 */
export function Suspension({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false);
  const suspension = useSuspension();
  const set = (suspended: boolean) =>
    suspension.mutateAsync({ id: user.id, suspended }).then(
      () => {
        setOpen(false);
        toast.success(suspended ? `${user.name} is suspended` : `${user.name} can sign in again`);
      },
      (err: unknown) => toast.error(errorMessage(err, 'Something went wrong')),
    );
  if (user.suspendedAt) {
    return (
      <Button
        variant="outline"
        size="sm"
        disabled={suspension.isPending}
        onClick={() => void set(false)}
        aria-label={`Reinstate ${user.name}`}
      >
        Reinstate
      </Button>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Suspend ${user.name}`}>
        Suspend
      </Button>
      <DialogContent
        title={`Suspend ${user.name}?`}
        description={`${user.email} is signed out everywhere now and cannot sign in until you reinstate the account, and is emailed so. Its tickets and messages stay.`}
      >
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" disabled={suspension.isPending} onClick={() => void set(true)}>
            Suspend
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
