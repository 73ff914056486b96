import { TrustService } from '../../src/modules/community';
import type { TestApp } from '../support/app';

/** Activity that reaches trust level 2 (member) once the account is 7 days old. */
export const MEMBER_ACTIVITY = { days_visited: 10, posts_read: 50, likes_given: 5, likes_received: 3 };
const WEEK_AGO = () => new Date(Date.now() - 8 * 86_400_000);

/** A signed-in user at trust level 2 (may post links, create societies and channels). */
export async function trustedUser(t: TestApp, overrides: Parameters<TestApp['signedIn']>[0] = {}) {
  const signed = await t.signedIn({ createdAt: WEEK_AGO(), ...overrides });
  await t.app.get(TrustService).addActivity(signed.user.id, MEMBER_ACTIVITY);
  return signed;
}
