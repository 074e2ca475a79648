import { ROLE_TITLES, type Role } from './roles.js';

/**
 * What an admin did to an account, as its history keeps it (GET /api/admin/users/{id}/history):
 * created it, changed its role, suspended or reinstated it, turned its two-factor sign-in off,
 * corrected its details.
 */
export const ACCOUNT_CHANGE_KINDS = [
  'created',
  'role',
  'suspended',
  'reinstated',
  'two-factor-off',
  'details',
] as const;
export type AccountChangeKind = (typeof ACCOUNT_CHANGE_KINDS)[number];

/**
 * The details an admin may correct (PUT /api/admin/users/{id}/details). The history names which
 * changed, never the values: it is no second copy of anyone's contact details.
 */
export const ACCOUNT_DETAILS = ['name', 'email', 'phone'] as const;
export type AccountDetail = (typeof ACCOUNT_DETAILS)[number];

/** One line of an account's history in the admins' words. */
export function accountChangeTitle(change: {
  kind: AccountChangeKind;
  from: Role | null;
  to: Role | null;
  fields: AccountDetail[] | null;
}): string {
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
    case 'details':
      return change.fields?.length ? `Details changed: ${change.fields.join(', ')}` : 'Details changed';
  }
}
