import { NotFoundException } from '@nestjs/common';
import { deny } from '../modules/policies/deny';
import type { Page } from '../contracts/common';
import { pageOf } from './pagination';
import { ValidationFailedException } from './validation';

/** A person's standing in a group (a channel, a society): their role in it, or null, and whether an invitation waits. */
export interface Membership<R extends string> {
  role: R | null;
  invited: boolean;
}

/** A group as its rules see it: its row and the asker's standing in it. */
export interface GroupAccess<G, R extends string> extends Membership<R> {
  group: G;
}

/** One member of a group, as the members list reads it. */
export interface GroupMemberRow<R extends string> {
  user_id: string;
  role: R;
  created_at: Date;
}

/** What the rules read from the area's repository (GroupMembersRepository, src/database, has all of it). */
export interface GroupStore<G, R extends string> {
  find(id: string): Promise<G | null>;
  nameTaken(name: string, exceptId: string | null): Promise<boolean>;
  membership(groupId: string, userId: string): Promise<Membership<R>>;
  roles(groupIds: string[], userId: string): Promise<Map<string, R>>;
  members(groupId: string, offset: number, limit: number): Promise<[GroupMemberRow<R>[], number]>;
  join(groupId: string, userId: string): Promise<boolean>;
  leave(groupId: string, userId: string): Promise<boolean>;
}

/** Who asks: a signed-in user (their id and site role), or nobody. */
export interface GroupAsker {
  id: string;
  role: string;
}

/** What tells a kind of group apart in its rules. */
export interface GroupKind<G extends { visibility: string }> {
  /** What the kind is called in messages: 'channel', 'society'. */
  noun: string;
  /** The visibility that closes a group to everyone but its members, invited people and admins. */
  closed: G['visibility'];
  /** The 403 a stranger gets for a closed group, e.g. 'This channel is private.' */
  closedMessage: string;
  /** The 403 for joining a closed group without an invitation. */
  joinClosedMessage: string;
}

/** Where the rules find people (UsersService). */
export interface GroupPeople<U> {
  findByIds(ids: string[]): Promise<U[]>;
}

const NO_STANDING = { role: null, invited: false };

/**
 * The membership rules channels and societies share, the base of their services: an unknown group answers 404; a
 * closed one is read by its members, invited people and admins, and joined only by invited people (joining uses the
 * invitation up); the owner never leaves; removing someone needs them to be a member. Each kind keeps its own roles,
 * messages and owner rules.
 */
export abstract class GroupMembershipService<G extends { visibility: string }, R extends string, U extends GroupAsker> {
  protected constructor(
    private readonly store: GroupStore<G, R>,
    private readonly people: GroupPeople<U>,
    private readonly kind: GroupKind<G>,
  ) {}

  async access(id: string, viewer: U | undefined): Promise<GroupAccess<G, R>> {
    const group = await this.store.find(id);
    if (!group) throw new NotFoundException(`There is no ${this.kind.noun} with that id.`);
    const me = viewer ? await this.store.membership(id, viewer.id) : NO_STANDING;
    return { group, ...me };
  }

  /** 403 for a closed group unless the viewer is a member, invited, or an admin. */
  async readable(id: string, viewer: U | undefined): Promise<GroupAccess<G, R>> {
    const a = await this.access(id, viewer);
    if (a.group.visibility === this.kind.closed && !a.role && !a.invited && viewer?.role !== 'admin')
      deny(this.kind.closedMessage);
    return a;
  }

  /** A member's access: 403 'Join the <noun> first.' for anyone else. */
  async member(id: string, user: U): Promise<GroupAccess<G, R> & { role: R }> {
    const a = await this.readable(id, user);
    if (!a.role) deny(`Join the ${this.kind.noun} first.`);
    return { ...a, role: a.role };
  }

  /** The owner's access: 403 with `message` for anyone else. */
  async ownerOnly(id: string, user: U, message: string): Promise<GroupAccess<G, R>> {
    const a = await this.readable(id, user);
    if (a.role !== 'owner') deny(message);
    return a;
  }

  /**
   * Joins the group: anyone an open one, a closed one only with an invitation (which joining uses up); joining again
   * is a no-op.
   */
  async joinGroup(id: string, user: U): Promise<void> {
    const a = await this.access(id, user);
    if (a.group.visibility === this.kind.closed && !a.role && !a.invited) deny(this.kind.joinClosedMessage);
    await this.store.join(id, user.id);
  }

  /** A member leaves; the owner stays in their group (422 on the kind's field). */
  async leaveGroup(id: string, user: U, role: R): Promise<void> {
    const { noun } = this.kind;
    if (role === 'owner') throw ValidationFailedException.of(noun, `The owner cannot leave their ${noun}.`);
    await this.store.leave(id, user.id);
  }

  /** Another person's role in the group; 404 when they are not a member. */
  async memberRole(id: string, memberId: string): Promise<R> {
    const { role } = await this.store.membership(id, memberId);
    if (!role) throw new NotFoundException(`They are not a member of this ${this.kind.noun}.`);
    return role;
  }

  /** The viewer's role in each of the groups (none for a guest). */
  rolesOf(groupIds: string[], viewer: U | undefined): Promise<Map<string, R>> {
    return viewer ? this.store.roles(groupIds, viewer.id) : Promise.resolve(new Map<string, R>());
  }

  /** A page of the group's members for those who may read it, each with their user. */
  async memberPage<J>(
    id: string,
    viewer: U | undefined,
    page: number,
    perPage: number,
    toJson: (row: GroupMemberRow<R>, user: U | undefined) => J,
  ): Promise<Page<J>> {
    await this.readable(id, viewer);
    const [rows, total] = await this.store.members(id, (page - 1) * perPage, perPage);
    const users = await this.usersById(rows.map((r) => r.user_id));
    return pageOf(
      rows.map((r) => toJson(r, users.get(r.user_id))),
      page,
      perPage,
      total,
    );
  }

  /** The people with these ids, by id. */
  async usersById(ids: string[]): Promise<Map<string, U>> {
    return new Map((await this.people.findByIds([...new Set(ids)])).map((u) => [u.id, u]));
  }

  /** Group names are unique whatever their case (422 on `name`). */
  async assertNameFree(name: string, exceptId: string | null): Promise<void> {
    if (await this.store.nameTaken(name, exceptId))
      throw ValidationFailedException.of('name', `A ${this.kind.noun} with this name exists.`);
  }
}
