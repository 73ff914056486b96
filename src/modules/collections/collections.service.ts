import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type {
  CollectionAccess,
  CollectionDetail,
  CollectionRole,
  CollectionSummary,
} from '../../contracts/collections';
import type { Page } from '../../contracts/common';
import { NotificationsService } from '../notifications';
import { PropertiesService } from '../properties';
import { type User, UsersService } from '../users';
import { toCollectionSummary, toCommentJson, toItemJson } from './collections.mapper';
import { type CollectionRow, CollectionsRepository } from './collections.repository';
import { plainText } from './plain-text';
import { accessOf, type CollectionPermission, requireAccess } from './collections.policy';

export const MAX_COLLECTIONS = 100;
export const MAX_MEMBERS = 20;
const COMMENTS_PER_ITEM = 20;
const SHARED_PATH = '/collections/shared/';

/** Named sets of listings a buyer keeps, shares (members or link) and discusses. */
@Injectable()
export class CollectionsService {
  constructor(
    private readonly repo: CollectionsRepository,
    private readonly properties: PropertiesService,
    private readonly users: UsersService,
    private readonly notifications: NotificationsService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** 404 unknown, 403 private (not owner or member), 403 when the access does not reach `need`. */
  async load(user: User, id: string, need: CollectionPermission): Promise<[CollectionRow, CollectionAccess]> {
    const c = await this.repo.find(id, user.id);
    if (!c) throw new NotFoundException('There is no collection with that id.');
    return [c, requireAccess(accessOf(c, user.id), need)];
  }

  async page(user: User, page: number, perPage: number, editable = false): Promise<Page<CollectionSummary>> {
    const { rows, total } = await this.repo.page(user.id, perPage, (page - 1) * perPage, editable);
    return pageOf(
      rows.map((c) => toCollectionSummary(c, accessOf(c, user.id)!)),
      page,
      perPage,
      total,
    );
  }

  async create(user: User, name: string): Promise<CollectionSummary> {
    const { total } = await this.repo.page(user.id, 1, 0, false);
    if (total >= MAX_COLLECTIONS)
      throw ValidationFailedException.of('name', `You can keep at most ${MAX_COLLECTIONS} collections.`);
    const id = await this.repo.create(user.id, name, this.clock.now());
    return toCollectionSummary((await this.repo.find(id, user.id))!, 'owner');
  }

  async show(user: User, id: string, page: number, perPage: number): Promise<CollectionDetail> {
    const [c, access] = await this.load(user, id, 'see');
    return this.detail(c, access, page, perPage);
  }

  /** The read-only view through a shared link (404 once revoked). */
  async shared(token: string, page: number, perPage: number): Promise<CollectionDetail> {
    const c = token.length >= 32 ? await this.repo.findByToken(token) : null;
    if (!c) throw new NotFoundException('This link does not lead to a collection (it may have been turned off).');
    return this.detail(c, 'link', page, perPage);
  }

  private async detail(c: CollectionRow, access: CollectionAccess, page: number, perPage: number) {
    const { rows, total } = await this.repo.items(c.id, perPage, (page - 1) * perPage);
    const comments =
      access === 'link'
        ? []
        : await this.repo.comments(
            rows.map((i) => i.id),
            COMMENTS_PER_ITEM,
          );
    const items = rows.map((i) => toItemJson(i, comments.filter((x) => x.item_id === i.id).map(toCommentJson)));
    return {
      ...toCollectionSummary(c, access),
      share_url: access === 'owner' && c.share_token ? this.shareUrl(c.share_token) : null,
      members: access === 'link' ? [] : (await this.repo.members(c.id)).map((m) => ({ ...m })),
      items: pageOf(items, page, perPage, total),
    };
  }

  async rename(user: User, id: string, name: string): Promise<CollectionSummary> {
    await this.load(user, id, 'share');
    await this.repo.rename(id, name, this.clock.now());
    return toCollectionSummary((await this.repo.find(id, user.id))!, 'owner');
  }

  async delete(user: User, id: string): Promise<void> {
    await this.load(user, id, 'share');
    await this.repo.delete(id);
  }

  async addItem(user: User, id: string, propertyId: string): Promise<{ item_id: string }> {
    await this.load(user, id, 'add');
    const p = await this.properties.findById(propertyId);
    if (!p || !(await this.properties.canView(p, user)))
      throw ValidationFailedException.of('property_id', 'There is no such listing.');
    return { item_id: await this.repo.addItem(id, p.id, user.id, this.clock.now()) };
  }

  async removeItem(user: User, id: string, itemId: string): Promise<void> {
    await this.load(user, id, 'add');
    if (!(await this.repo.findItem(id, itemId))) throw new NotFoundException('That listing is not in this collection.');
    await this.repo.removeItem(itemId);
  }

  async comment(user: User, id: string, itemId: string, raw: string) {
    await this.load(user, id, 'comment');
    if (!(await this.repo.findItem(id, itemId))) throw new NotFoundException('That listing is not in this collection.');
    const body = plainText(raw);
    if (!body) throw ValidationFailedException.of('body', 'Write a comment.');
    const commentId = await this.repo.addComment(itemId, user.id, body, this.clock.now());
    return {
      id: commentId,
      body,
      author: { id: user.id, name: user.name },
      created_at: this.clock.now().toISOString(),
    };
  }

  /** A new unguessable link (192 random bits); any earlier link stops working. */
  async share(user: User, id: string): Promise<{ share_url: string }> {
    await this.load(user, id, 'share');
    const token = randomBytes(24).toString('base64url');
    await this.repo.setShareToken(id, token);
    return { share_url: this.shareUrl(token) };
  }

  async revokeShare(user: User, id: string): Promise<void> {
    await this.load(user, id, 'share');
    await this.repo.setShareToken(id, null);
  }

  /** Shares with a person (a partner, the realtor: sharing is the client's consent) to view or to edit. */
  async addMember(user: User, id: string, who: string, role: CollectionRole) {
    const [c] = await this.load(user, id, 'share');
    const handle = who.replace(/^@/, '');
    const member = handle.includes('@') ? await this.users.findByEmail(handle) : await this.users.findByHandle(handle);
    if (!member) throw ValidationFailedException.of('who', 'Nobody on Reelty has that email or handle.');
    if (member.id === user.id) throw ValidationFailedException.of('who', 'This is your own collection.');
    const members = await this.repo.members(id);
    if (members.length >= MAX_MEMBERS && !members.some((m) => m.id === member.id))
      throw ValidationFailedException.of('who', `A collection can be shared with at most ${MAX_MEMBERS} people.`);
    await this.repo.setMember(id, member.id, role);
    await this.notifications.notify(member.id, {
      kind: 'collection',
      title: `${user.name} shared the collection "${c.name}" with you`,
      url: `/collections/${id}`,
      data: { collection_id: id, role },
    });
    return { id: member.id, name: member.name, handle: member.handle ?? null, role };
  }

  /** The owner removes anyone; a member may leave. */
  async removeMember(user: User, id: string, memberId: string): Promise<void> {
    await this.load(user, id, memberId === user.id ? 'see' : 'share');
    if (!(await this.repo.removeMember(id, memberId))) throw new NotFoundException('That person is not a member.');
  }

  private shareUrl(token: string): string {
    return `${this.config.appUrl}${SHARED_PATH}${token}`;
  }
}
