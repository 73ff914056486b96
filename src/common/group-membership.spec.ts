import { ForbiddenException, NotFoundException } from '@nestjs/common';
import {
  type GroupMemberRow,
  GroupMembershipService,
  type GroupStore,
  type Membership,
} from './group-membership.policy';
import { ValidationFailedException } from './validation';

type Role = 'owner' | 'member';
type Group = { id: string; name: string; visibility: 'public' | 'private' };
type Person = { id: string; role: string; name: string };

const groups: Group[] = [
  { id: 'open', name: 'Open', visibility: 'public' },
  { id: 'closed', name: 'Closed', visibility: 'private' },
];
const roles: Record<string, Role> = { 'closed:owner': 'owner', 'closed:member': 'member' };
const invited = new Set(['closed:guest']);
const writes: string[] = [];

const store: GroupStore<Group, Role> = {
  find: (id) => Promise.resolve(groups.find((g) => g.id === id) ?? null),
  nameTaken: (name, exceptId) =>
    Promise.resolve(groups.some((g) => g.name.toLowerCase() === name.toLowerCase() && g.id !== exceptId)),
  membership: (groupId, userId): Promise<Membership<Role>> =>
    Promise.resolve({ role: roles[`${groupId}:${userId}`] ?? null, invited: invited.has(`${groupId}:${userId}`) }),
  roles: () => Promise.resolve(new Map()),
  members: (groupId): Promise<[GroupMemberRow<Role>[], number]> => {
    const rows = Object.entries(roles)
      .filter(([key]) => key.startsWith(`${groupId}:`))
      .map(([key, role]) => ({ user_id: key.split(':')[1], role, created_at: new Date(0) }));
    return Promise.resolve([rows, rows.length]);
  },
  join: (groupId, userId) => Promise.resolve(writes.push(`join ${groupId} ${userId}`) > 0),
  leave: (groupId, userId) => Promise.resolve(writes.push(`leave ${groupId} ${userId}`) > 0),
};
const people = { findByIds: (ids: string[]) => Promise.resolve(ids.map((id) => who(id))) };
const who = (id: string, role = 'user'): Person => ({ id, role, name: id });

class Clubs extends GroupMembershipService<Group, Role, Person> {
  constructor() {
    super(store, people, {
      noun: 'club',
      closed: 'private',
      closedMessage: 'This club is private.',
      joinClosedMessage: 'This club is private: ask for an invitation.',
    });
  }
}
const clubs = new Clubs();

describe('GroupMembershipService', () => {
  it('answers 404 for an unknown group and shows an open one to anyone', async () => {
    await expect(clubs.access('nope', undefined)).rejects.toThrow(
      new NotFoundException('There is no club with that id.'),
    );
    await expect(clubs.readable('open', undefined)).resolves.toMatchObject({ role: null, invited: false });
  });

  it('keeps a closed group to its members, invited people and admins', async () => {
    await expect(clubs.readable('closed', who('stranger'))).rejects.toThrow(
      new ForbiddenException('This club is private.'),
    );
    await expect(clubs.readable('closed', who('guest'))).resolves.toMatchObject({ invited: true });
    await expect(clubs.readable('closed', who('member'))).resolves.toMatchObject({ role: 'member' });
    await expect(clubs.readable('closed', who('stranger', 'admin'))).resolves.toMatchObject({ role: null });
  });

  it('lets only invited people join a closed group, and members past member-only rules', async () => {
    writes.length = 0;
    await expect(clubs.joinGroup('closed', who('stranger', 'admin'))).rejects.toThrow(
      new ForbiddenException('This club is private: ask for an invitation.'),
    );
    await clubs.joinGroup('closed', who('guest'));
    await clubs.joinGroup('open', who('stranger'));
    expect(writes).toEqual(['join closed guest', 'join open stranger']);
    await expect(clubs.member('closed', who('guest'))).rejects.toThrow(new ForbiddenException('Join the club first.'));
    await expect(clubs.ownerOnly('closed', who('member'), 'Owners only.')).rejects.toThrow(
      new ForbiddenException('Owners only.'),
    );
  });

  it('keeps the owner in, finds members by role and names unique whatever their case', async () => {
    writes.length = 0;
    await expect(clubs.leaveGroup('closed', who('owner'), 'owner')).rejects.toThrow(ValidationFailedException);
    await clubs.leaveGroup('closed', who('member'), 'member');
    expect(writes).toEqual(['leave closed member']);
    await expect(clubs.memberRole('closed', 'owner')).resolves.toBe('owner');
    await expect(clubs.memberRole('closed', 'guest')).rejects.toThrow(
      new NotFoundException('They are not a member of this club.'),
    );
    await expect(clubs.assertNameFree('OPEN', null)).rejects.toThrow(ValidationFailedException);
    await expect(clubs.assertNameFree('Open', 'open')).resolves.toBeUndefined();
  });

  it('pages the members of a group the viewer may read, each with their person', async () => {
    const page = await clubs.memberPage('closed', who('member'), 1, 10, (row, person) => `${person?.name}:${row.role}`);
    expect(page).toMatchObject({ data: ['owner:owner', 'member:member'], total: 2, last_page: 1 });
  });
});
