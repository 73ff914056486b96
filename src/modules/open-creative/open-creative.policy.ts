import { allowOnly, isOwnerOrAdmin } from '../policies';
import type { User } from '../users';
import type { DelegationScope } from '../../contracts/open-creative';

/**
 * Who may act for a realtor. A creative manager acts on a realtor's designs, walkthroughs or spots only under an
 * active grant of that scope from the realtor (every act logged); the realtor (or an admin) revokes a grant, the
 * manager it was given to answers it.
 */

/** No active grant of `scope`: the manager may neither see nor change the realtor's work. */
export function requireGrant<T>(grant: T | null | undefined, scope: DelegationScope): asserts grant is T {
  const [what, how] = scope.split(':');
  allowOnly(!!grant, `You have no active delegation to ${how === 'edit' ? 'change' : 'see'} this realtor's ${what}.`);
}

export function requireGrantSide(
  user: Pick<User, 'id' | 'role'>,
  grant: { owner_id: string; manager_id: string },
  side: 'owner' | 'manager',
): void {
  if (side === 'owner')
    allowOnly(isOwnerOrAdmin(user, grant.owner_id), 'Only the realtor who gave this grant can revoke it.');
  else allowOnly(grant.manager_id === user.id, 'This grant was given to someone else.');
}
