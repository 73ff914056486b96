import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { pageOf } from '../../../common/pagination';
import { ValidationFailedException } from '../../../common/validation';
import type { ContactJson, ContactShowProps, ContactsIndexProps, ContactStage } from '../../../contracts/crm';
import { TeamsService } from '../../teams';
import type { User } from '../../users';
import { UsersService } from '../../users';
import { CrmAccessService, type Book } from '../crm-access.service';
import { CONTACT_STAGES, CONTACTED_STAGES, LEAD_SOURCES } from '../crm.constants';
import { toActivityJson, toContactJson, toMergeJson, toTaskJson } from '../crm.mapper';
import { CrmRepository } from '../crm.repository';
import type { ContactsQueryDto, NewTaskDto } from '../dto/crm.dto';
import type { CrmContact } from '../entities/crm.entity';
import type { CrmCaller } from '../current-book';
import { requireUnmerged } from '../crm.policy';

/** Contacts: the book's list, one contact's timeline, notes, tasks, stage, tags. */
@Injectable()
export class CrmContactsService {
  constructor(
    private readonly repo: CrmRepository,
    private readonly access: CrmAccessService,
    private readonly users: UsersService,
    private readonly teams: TeamsService,
    private readonly clock: Clock,
  ) {}

  async index(caller: CrmCaller, q: ContactsQueryDto): Promise<ContactsIndexProps> {
    const user = caller.user;
    const book = caller.book;
    const { page, perPage, offset } = q.window(25);
    const filters = q.filters();
    // Agents and assistants see the contacts routed to them; owners and admins the whole book.
    const agentId = book.manager ? filters.agent || undefined : user.id;
    const [rows, total, capped] = await this.repo.listContacts(book.teamId, { ...filters, agentId }, offset, perPage);
    return {
      book: { id: book.teamId, name: book.teamName, role: book.role },
      contacts: { ...pageOf(await this.toJson(rows), page, perPage, total), total_is_capped: capped },
      filters,
      stages: CONTACT_STAGES,
      sources: LEAD_SOURCES,
      agents: book.manager ? await this.agentsOf(user, book) : [{ id: user.id, name: user.name }],
    };
  }

  async show(user: User, id: string): Promise<ContactShowProps> {
    const { contact, book } = await this.access.contact(user, id);
    const now = this.clock.now();
    return {
      contact: (await this.toJson([contact]))[0],
      activities: (await this.repo.activities(contact.id, 200)).map(toActivityJson),
      tasks: (await this.repo.tasks(contact.id)).map((t) => toTaskJson(t, now)),
      merges: (await this.repo.merges(contact.id)).map(toMergeJson),
      stages: CONTACT_STAGES,
      can_manage: book.manager,
    };
  }

  async addNote(user: User, id: string, body: string): Promise<ContactShowProps> {
    const { contact } = await this.access.contact(user, id);
    await this.activity(contact, user, 'note', body, {});
    return this.show(user, id);
  }

  /** Reaching `contacted` or beyond marks the contact's open leads contacted (speed to lead is met). */
  async setStage(user: User, id: string, stage: ContactStage): Promise<ContactShowProps> {
    const { contact } = await this.access.contact(user, id);
    if (contact.stage !== stage) {
      const now = this.clock.now();
      await this.repo.transaction(async (tx) => {
        await tx.updateContact(contact.id, { stage, updatedAt: now });
        if (CONTACTED_STAGES.has(stage)) await tx.markContacted(contact.id, now);
        await this.activity(
          contact,
          user,
          'stage',
          `Stage: ${contact.stage} → ${stage}`,
          { from: contact.stage, to: stage },
          tx,
        );
      });
    }
    return this.show(user, id);
  }

  async setTags(user: User, id: string, tags: string[]): Promise<ContactShowProps> {
    const { contact } = await this.access.contact(user, id);
    const clean = [...new Set(tags.map((t) => t.trim().toLowerCase()).filter(Boolean))];
    await this.repo.updateContact(contact.id, { tags: clean, updatedAt: this.clock.now() });
    return this.show(user, id);
  }

  async addTask(user: User, id: string, dto: NewTaskDto): Promise<ContactShowProps> {
    const { contact } = await this.access.contact(user, id);
    const now = this.clock.now();
    await this.repo.transaction(async (tx) => {
      await tx.insertTask({
        teamId: contact.teamId,
        contactId: contact.id,
        title: dto.title,
        dueAt: new Date(dto.due_at),
        createdBy: user.id,
        createdAt: now,
      });
      await this.activity(contact, user, 'task', `Task: ${dto.title}`, { due_at: dto.due_at }, tx);
    });
    return this.show(user, id);
  }

  async completeTask(user: User, taskId: string, done: boolean): Promise<ContactShowProps> {
    const task = await this.workableTask(user, taskId);
    await this.repo.updateTask(task.id, { doneAt: done ? this.clock.now() : null });
    return this.show(user, task.contactId);
  }

  /** A task on a contact the user may work (404 unknown, 403 another agent's or book's). */
  async workableTask(user: User, taskId: string) {
    const task = await this.repo.findTask(taskId);
    if (!task) throw new NotFoundException('There is no task with that id.');
    await this.access.contact(user, task.contactId);
    return task;
  }

  /** The whole page of a contact the caller may see, else the reason (404 unknown, 403 another book). */
  async visible(user: User, id: string): Promise<CrmContact> {
    return (await this.access.contact(user, id)).contact;
  }

  async toJson(rows: CrmContact[]): Promise<ContactJson[]> {
    const ids = [...new Set(rows.map((r) => r.agentId).filter((x): x is string => !!x))];
    const names = new Map((await this.users.findByIds(ids)).map((u) => [u.id, u.name]));
    return rows.map((r) => toContactJson(r, names));
  }

  private async agentsOf(user: User, book: Book): Promise<Array<{ id: string; name: string }>> {
    const { rows } = await this.teams.members(user, book.teamId, 0, 100);
    return rows.map((m) => ({ id: m.user_id, name: m.name }));
  }

  private async activity(
    contact: CrmContact,
    user: User,
    kind: 'note' | 'stage' | 'task',
    body: string,
    data: Record<string, unknown>,
    tx: CrmRepository = this.repo,
  ): Promise<void> {
    requireUnmerged(contact);
    if (!body.trim()) throw ValidationFailedException.of('body', 'Write something.');
    await tx.addActivity({
      teamId: contact.teamId,
      contactId: contact.id,
      kind,
      source: null,
      body,
      data,
      actorId: user.id,
      createdAt: this.clock.now(),
    });
  }
}
