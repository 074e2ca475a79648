import { ROLE_TITLES, type Role } from './roles.js';

/**
 * What an admin did to an account, as its history keeps it (GET /api/admin/users/{id}/history):
 * created it, changed its role, suspended or reinstated it, turned its two-factor sign-in off.
 */
export const ACCOUNT_CHANGE_KINDS = ['created', 'role', 'suspended', 'reinstated', 'two-factor-off'] as const;
export type AccountChangeKind = (typeof ACCOUNT_CHANGE_KINDS)[number];

/** One line of an account's history in the admins' words. */
export function accountChangeTitle(change: { kind: AccountChangeKind; from: Role | null; to: Role | null }): string {
  switch (change.kind) {
    case 'created':
      return change.to ? `Account created as ${ROLE_TITLES[change.to].toLowerCase()}` : 'Account created';
    case 'role':
      return change.from && change.to
        ? `Role changed from ${ROLE_TITLES[change.from].toLowerCase()} to ${ROLE_TITLES[change.to].toLowerCase()}`
        : 'Role changed';
    case 'suspended':
      return 'Suspended';
    case 'reinstated':
      return 'Reinstated';
    case 'two-factor-off':
      return 'Two-factor sign-in turned off';
  }
}
