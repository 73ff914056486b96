import { iso } from '../../common/iso';
import type { Pursuit } from '../../contracts/pursuits';
import { toAuthorJson } from '../community';
import type { User } from '../users';
import type { MilestoneRow, PursuitRow } from './pursuits.repository';

export function toPursuitJson(
  row: PursuitRow,
  owner: User | undefined,
  milestones: MilestoneRow[],
  team: { id: string; name: string } | null,
  viewerId: string,
): Pursuit {
  return {
    id: row.id,
    owner: toAuthorJson(owner, row.owner_id),
    title: row.title,
    description: row.description,
    unit: row.unit,
    target: row.target,
    progress: row.progress,
    percent: Math.min(100, Math.floor((row.progress * 100) / row.target)),
    due_on: row.due_on,
    completed_at: iso(row.completed_at),
    shared_team: team,
    milestones: milestones.map((m) => ({
      id: m.id,
      title: m.title,
      done: m.done_at !== null,
      done_at: iso(m.done_at),
    })),
    mine: row.owner_id === viewerId,
    updated_at: iso(row.updated_at),
  };
}
