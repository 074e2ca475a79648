/** Roles and the permission checks that the server guard and the UI share. */
export const ROLES = ['user', 'engineer', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

/** Roles an admin may give through the New User form; superadmin only comes from ADMIN_EMAIL. */
export const CREATABLE_ROLES = ['user', 'admin', 'engineer'] as const;
export type CreatableRole = (typeof CREATABLE_ROLES)[number];

/** A role as the screens name a person ("Customer" for a user account). */
export const ROLE_TITLES: Record<Role, string> = {
  user: 'Customer',
  engineer: 'Engineer',
  admin: 'Admin',
  superadmin: 'Admin',
};

/**
 * The roles that run the service (/admin): `isStaff` means an admin or the superadmin. Elsewhere
 * "staff" also takes in the engineer: staff notes, the staff view of a ticket (its engineer's too),
 * two-factor sign-in (TWO_FACTOR_ROLES).
 */
export const STAFF_ROLES = ['admin', 'superadmin'] as const satisfies readonly Role[];

export const isStaff = (role: Role | undefined | null): boolean => role === 'admin' || role === 'superadmin';

/** Where a signed-in user lands: admins run the service from /admin, everyone else from /dashboard. */
export const homePathFor = (role: Role): '/admin' | '/dashboard' => (isStaff(role) ? '/admin' : '/dashboard');
