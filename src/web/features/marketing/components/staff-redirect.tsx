import { Navigate } from 'react-router';
import { isStaff } from '@shared/roles';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/auth';

/** SPEC.md §4: an admin landing on / is sent to /admin. */
export function StaffRedirect() {
  const { user } = useCurrentUser();
  return user && isStaff(user.role) ? <Navigate to={paths.admin} replace /> : null;
}
