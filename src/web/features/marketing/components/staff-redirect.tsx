import { isStaff } from '@shared/roles';
import { paths } from '@/config/paths';
import { useCurrentUser } from '@/lib/auth';
import { Redirect } from '@/lib/navigation';

/** SPEC.md §4: an admin landing on / is sent to /admin. */
export function StaffRedirect() {
  const { user } = useCurrentUser();
  return user && isStaff(user.role) ? <Redirect to={paths.admin} /> : null;
}
