import type { TeamRole } from '../../contracts/teams';
import { allowOnly, isOwnerOrAdmin } from '../policies';
import type { User } from '../users';

/**
 * Who may do what in the CRM. A book is a team's and nobody outside the team sees it; its owners and admins
 * ("managers") see and run the whole book, agents and assistants the contacts and leads routed to them. The lead
 * marketplace sells a lead across books: the lead's agent or a manager offers it, its buyer disputes it, its seller
 * or an admin refunds it. CrmAccessService loads the book and the rows (404 when absent) and calls these.
 */

/** The part of a book every rule reads: is the user one of its managers. */
interface BookRole {
  manager: boolean;
}

const CRM_USER_TYPES = new Set(['realtor', 'team_member']);

export function requireCrmUser(user: Pick<User, 'type' | 'role'>): void {
  allowOnly(CRM_USER_TYPES.has(user.type) || user.role === 'admin', 'The CRM is for realtors and their teams.');
}

/** A book is seen by its team's members only. */
export function requireBookMember(role: TeamRole | null): asserts role is TeamRole {
  allowOnly(role !== null, "These contacts belong to another realtor's book.");
}

/** Only owners and admins change routing, merge, import and export. */
export function requireManager(book: BookRole, reason = 'Only the team owner and admins may do this.'): void {
  allowOnly(book.manager, reason);
}

/** A contact: managers, its agent, or an agent holding one of its leads. */
export function requireContactWorker(book: BookRole, own: boolean): void {
  allowOnly(book.manager || own, 'This contact is assigned to another agent of the team.');
}

/** A lead: managers, its agent, or an agent it is offered to (round robin, first to claim). */
export function requireLeadWorker(book: BookRole, user: Pick<User, 'id'>, lead: LeadParties): void {
  allowOnly(
    book.manager || lead.agentId === user.id || lead.candidateIds.includes(user.id),
    'This lead is assigned to another agent of the team.',
  );
}

interface LeadParties {
  agentId: string | null;
  candidateIds: string[];
}

/** A claimable lead is claimed only by an agent it is offered to. */
export function requireClaimant(user: Pick<User, 'id'>, lead: LeadParties): void {
  allowOnly(lead.candidateIds.includes(user.id), 'This lead is offered to other agents.');
}

/** A merged contact is history: work goes on the one it was merged into. */
export function requireUnmerged(contact: { mergedIntoId: string | null }): void {
  allowOnly(!contact.mergedIntoId, 'This contact was merged into another; work on that one.');
}

/** Contacts merge only within one book. */
export function requireSameBook(teamId: string, otherTeamId: string): void {
  allowOnly(teamId === otherTeamId, 'Only contacts of the same book can be merged.');
}

/** An inquiry is a lead for the listing's realtor: they cannot send one to themself. */
export function requireNotOwnListing(viewer: Pick<User, 'id'> | undefined, ownerId: string): void {
  allowOnly(!viewer || viewer.id !== ownerId, 'This is your own listing.');
}

/** A campaign's success page shows a redemption to the person who redeemed it. */
export function requireRedeemer(user: Pick<User, 'id'>, redeemerId: string | null): void {
  allowOnly(redeemerId === user.id, 'Somebody else redeemed this code.');
}

// ---- the lead marketplace ---------------------------------------------------------------------------------------

export function requireOfferer(book: BookRole, user: Pick<User, 'id'>, lead: { agentId: string | null }): void {
  allowOnly(book.manager || lead.agentId === user.id, "Only the lead's agent or a manager of the team may offer it.");
}

/** The sale the user bought (looked up by buyer: none means they are not its buyer). */
export function requireBuyer<T>(sale: T | null | undefined): asserts sale is T {
  allowOnly(!!sale, 'Only the buyer may dispute this sale.');
}

export function requireRefunder(user: Pick<User, 'id' | 'role'>, offer: { sellerId: string }): void {
  allowOnly(isOwnerOrAdmin(user, offer.sellerId), 'Only the seller or an admin may refund this sale.');
}

/** A team never buys back a lead of its own book. */
export function requireOtherBook(ownBook: boolean): void {
  allowOnly(!ownBook, "This lead is already in your team's book.");
}
