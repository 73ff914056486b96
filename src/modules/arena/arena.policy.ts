import { allowOnly } from '../policies';
import type { User } from '../users';

/**
 * Who may do what in the arena. A creator enters, queues and lines up only their own work; tickets are their
 * creator's; nobody votes on a battle with their own entry, nor members of two warring squads on the war's attacks.
 * Squads: a team's squad takes its team's members; the captain challenges, the challenged captain answers; only the
 * two squads' members fight a war. Services load the rows (404 when absent) and call these.
 */

type Mine = Pick<User, 'id'>;

/** The user's own work: `what` names it in the refusal ("design", "spot", "entries", "entry"). */
export function requireOwnWork(user: Mine, creatorId: string | null, refusal: string): void {
  allowOnly(creatorId === user.id, refusal);
}

export function requireTicketOwner(user: Mine, ticket: { creatorId: string }): void {
  allowOnly(ticket.creatorId === user.id, 'This ticket belongs to someone else.');
}

export function requireNotOwnBattle(ownEntryInIt: boolean): void {
  allowOnly(!ownEntryInIt, 'You cannot vote on a battle with your own entry.');
}

export const WAR_MEMBERS_DO_NOT_VOTE = 'Members of the squads at war cannot vote on its attacks.';

export function requireNotAtWar(inOwnWar: boolean): void {
  allowOnly(!inOwnWar, WAR_MEMBERS_DO_NOT_VOTE);
}

/** A team's squad is joined by that team's members; an open squad by anyone. */
export function requireSquadJoinable(squad: { teamId: string | null }, memberOfTeam: boolean): void {
  allowOnly(!squad.teamId || memberOfTeam, "Only members of the squad's team can join it.");
}

export function requireSquadMember(isMember: boolean): void {
  allowOnly(isMember, 'You are not in this squad.');
}

export function requireCaptain(user: Mine, squad: { captainId: string }): void {
  allowOnly(squad.captainId === user.id, "Only the squad's captain can challenge.");
}

/** The challenged squad's captain accepts or declines (`verb`). */
export function requireChallengedCaptain(user: Mine, opponent: { captainId: string }, verb: string): void {
  allowOnly(opponent.captainId === user.id, `Only the challenged squad's captain can ${verb} the challenge.`);
}

/** Only the two squads' members line up and attack (`doing` says which). */
export function requireFighter<T>(side: T | null | undefined, doing: string): asserts side is T {
  allowOnly(!!side, `Only members of the two squads can ${doing}.`);
}
