import type { TrustActivity, TrustLevel, TrustLevelName } from '../../contracts/community';

/**
 * Trust levels, earned from activity in the community areas (as Discourse does). A level needs every threshold
 * of its row; admins are always at the top level.
 *   0 new      a fresh account
 *   1 basic    account 1 day old, visited on 2 days, read 10 posts
 *   2 member   account 7 days old, visited on 10 days, read 50 posts, gave 5 likes and received 3
 *   3 regular  account 30 days old, visited on 30 days, read 200 posts, gave 30 likes and received 20
 * Gates: links in posts need level 1 (below it a post with a link waits for a moderator's review); creating a
 * society or a channel and editing the wiki need level 2.
 */
export const TRUST_LEVELS: Array<{ level: TrustLevel; name: TrustLevelName; needs: TrustActivity }> = [
  {
    level: 0,
    name: 'new',
    needs: { account_days: 0, days_visited: 0, posts_read: 0, likes_given: 0, likes_received: 0 },
  },
  {
    level: 1,
    name: 'basic',
    needs: { account_days: 1, days_visited: 2, posts_read: 10, likes_given: 0, likes_received: 0 },
  },
  {
    level: 2,
    name: 'member',
    needs: { account_days: 7, days_visited: 10, posts_read: 50, likes_given: 5, likes_received: 3 },
  },
  {
    level: 3,
    name: 'regular',
    needs: { account_days: 30, days_visited: 30, posts_read: 200, likes_given: 30, likes_received: 20 },
  },
];

export const TRUST_GATES = {
  post_links: 1,
  create_society: 2,
  create_channel: 2,
  edit_wiki: 2,
} as const satisfies Record<string, TrustLevel>;
export type TrustGate = keyof typeof TRUST_GATES;

export const GATE_MESSAGES: Record<TrustGate, string> = {
  post_links: 'Posts with links from new accounts wait for a moderator.',
  create_society: 'Creating a society needs trust level 2 (member): take part a little longer first.',
  create_channel: 'Creating a channel needs trust level 2 (member): take part a little longer first.',
  edit_wiki: 'Editing the wiki needs trust level 2 (member): take part a little longer first.',
};

/** The highest level whose every threshold `activity` meets (levels are cumulative: no skipping a row). */
export function trustLevelOf(activity: TrustActivity, isAdmin = false): TrustLevel {
  if (isAdmin) return 3;
  let level: TrustLevel = 0;
  for (const row of TRUST_LEVELS) {
    const met = (Object.keys(row.needs) as Array<keyof TrustActivity>).every((k) => activity[k] >= row.needs[k]);
    if (!met) break;
    level = row.level;
  }
  return level;
}

/** Flags from this many distinct users hide a post until a moderator decides. */
export const FLAG_HIDE_THRESHOLD = 3;
