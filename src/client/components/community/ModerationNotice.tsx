import type { ModerationState } from '@contracts/community';
import { Alert } from '@/components/ui';

const COPY: Record<Exclude<ModerationState, 'visible'>, string> = {
  pending: 'Waiting for a moderator: new accounts’ posts with links are reviewed before others see them.',
  hidden: 'Hidden: several people flagged this post. A moderator will decide.',
  removed: 'Removed by a moderator.',
};

/** Tells the author (and moderators) why a post is not shown to others. */
export function ModerationNotice({ state }: { state: ModerationState }) {
  if (state === 'visible') return null;
  return <Alert variant={state === 'removed' ? 'error' : 'warning'}>{COPY[state]}</Alert>;
}
