/** Wire shapes of pursuits (a user's goals with milestones and progress). Type-only. */
import type { Page } from './common';
import type { CommunityAuthor } from './community';

export interface PursuitMilestone {
  id: string;
  title: string;
  done: boolean;
  done_at: string | null;
}

export interface Pursuit {
  id: string;
  owner: CommunityAuthor;
  title: string;
  description: string;
  unit: string;
  target: number;
  progress: number;
  /** progress / target, 0 to 100 (whole percent). */
  percent: number;
  due_on: string | null;
  completed_at: string | null;
  /** The team it is shared with (null: private). */
  shared_team: { id: string; name: string } | null;
  milestones: PursuitMilestone[];
  mine: boolean;
  updated_at: string;
}

export type PursuitPage = Page<Pursuit>;
