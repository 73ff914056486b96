import { Injectable, NotFoundException } from '@nestjs/common';
import type { TeamRole } from '../../contracts/teams';
import { TeamsService } from '../teams';
import type { User } from '../users';
import { CrmRepository } from './crm.repository';
import type { CrmContact, CrmLead } from './entities/crm.entity';
import {
  requireBookMember,
  requireContactWorker,
  requireCrmUser,
  requireLeadWorker,
  requireManager,
} from './crm.policy';

export interface Book {
  teamId: string;
  teamName: string;
  role: TeamRole;
  /** Owners and admins see the whole book; agents and assistants see the contacts routed to them. */
  manager: boolean;
}

/** Who may see what in the CRM: a book is a team's; nobody outside the team ever sees its contacts. */
@Injectable()
export class CrmAccessService {
  constructor(
    private readonly repo: CrmRepository,
    private readonly teams: TeamsService,
  ) {}

  /** The book of a team membership (the current team's, read by CurrentBookPipe). */
  bookFrom(membership: { id: string; name: string; role: TeamRole }): Book {
    return {
      teamId: membership.id,
      teamName: membership.name,
      role: membership.role,
      manager: isManager(membership.role),
    };
  }

  assertCrmUser(user: User): void {
    requireCrmUser(user);
  }

  /** The book a team id names, for one of its members (others get 403). */
  async bookOf(user: User, teamId: string): Promise<Book> {
    const role = await this.teams.roleIn(user.id, teamId);
    requireBookMember(role);
    const team = await this.teams.findTeam(teamId);
    return { teamId, teamName: team?.name ?? '', role, manager: isManager(role) };
  }

  /** Only owners and admins change routing, merge, import and export. */
  assertManager(book: Book): Book {
    requireManager(book);
    return book;
  }

  async contact(user: User, id: string): Promise<{ contact: CrmContact; book: Book }> {
    const contact = await this.repo.findContact(id);
    if (!contact) throw new NotFoundException('There is no contact with that id.');
    const book = await this.bookOf(user, contact.teamId);
    const own = contact.agentId === user.id || (!book.manager && (await this.repo.agentHasLeadOn(contact.id, user.id)));
    requireContactWorker(book, own);
    return { contact, book };
  }

  async lead(user: User, id: string): Promise<{ lead: CrmLead; book: Book }> {
    const { lead, book } = await this.leadOfBook(user, id);
    requireLeadWorker(book, user, lead);
    return { lead, book };
  }

  /**
   * A lead of a book the user belongs to, whoever it is assigned to: only for answers that reveal nothing of the
   * contact (a claim that lost the race learns just that the lead was claimed).
   */
  async leadOfBook(user: User, id: string): Promise<{ lead: CrmLead; book: Book }> {
    const lead = await this.repo.findLead(id);
    if (!lead) throw new NotFoundException('There is no lead with that id.');
    return { lead, book: await this.bookOf(user, lead.teamId) };
  }
}

function isManager(role: TeamRole): boolean {
  return role === 'owner' || role === 'admin';
}
