import { Injectable, NotFoundException } from '@nestjs/common';
import type { Page } from '../../contracts/common';
import { pageOf } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import type { User } from '../users';
import { isUuid } from '../../common/uuid.pipe';
import { Video, VideoList } from './entities';
import { VideoAccessService } from './video-access.service';
import { VideoRepository } from './video.repository';
import { toVideoJson, toVideoListJson, type VideoJson, type VideoListJson } from './video.mapper';
import { managesVideoWork, requireVideoManager } from './video.policy';

export interface VideoListInput {
  name?: string;
  description?: string | null;
  is_public?: boolean;
  /** Video ids in play order (replaces the list's videos). */
  video_ids?: string[];
}

/** Playlists: a public list plays the videos a viewer may watch; a private one only to its owner. */
@Injectable()
export class VideoListsService {
  constructor(
    private readonly repo: VideoRepository,
    private readonly access: VideoAccessService,
  ) {}

  canManage(list: VideoList, user: Pick<User, 'id' | 'role'> | null | undefined): boolean {
    return managesVideoWork(list, user);
  }

  async find(id: string): Promise<VideoList> {
    const list = isUuid(id) ? await this.repo.findList(id) : null;
    if (!list) throw new NotFoundException('There is no video list with that id.');
    return list;
  }

  async findViewable(user: User | null | undefined, id: string): Promise<VideoList> {
    const list = await this.find(id);
    if (!list.isPublic && !this.canManage(list, user))
      throw new NotFoundException('There is no video list with that id.');
    return list;
  }

  async findManageable(user: User, id: string): Promise<VideoList> {
    const list = await this.find(id);
    requireVideoManager(this.canManage(list, user), 'video list');
    return list;
  }

  async create(user: User, input: VideoListInput): Promise<VideoList> {
    const list = this.repo.newList({
      userId: user.id,
      name: (input.name ?? '').trim(),
      description: input.description ?? null,
      isPublic: input.is_public ?? true,
    });
    if (!list.name) throw ValidationFailedException.of('name', 'Give the list a name.');
    return this.save(list, input);
  }

  async update(list: VideoList, input: VideoListInput): Promise<VideoList> {
    if (input.name !== undefined) list.name = input.name.trim();
    if (!list.name) throw ValidationFailedException.of('name', 'Give the list a name.');
    if (input.description !== undefined) list.description = input.description;
    if (input.is_public !== undefined) list.isPublic = input.is_public;
    return this.save(list, input);
  }

  private async save(list: VideoList, input: VideoListInput): Promise<VideoList> {
    const ids = input.video_ids ? [...new Set(input.video_ids)] : null;
    if (ids && (await this.repo.countOwnedVideos(ids.filter(isUuid), list.userId)) !== ids.length)
      throw ValidationFailedException.of('video_ids', 'A list can only hold your own videos.');
    return this.repo.saveList(list, ids);
  }

  async delete(list: VideoList): Promise<void> {
    await this.repo.deleteList(list.id);
  }

  /** The list's videos in order: all of them for the owner, the watchable ready ones for others. */
  async videosOf(
    list: VideoList,
    viewer: User | null | undefined,
    page: number,
    perPage: number,
  ): Promise<Page<VideoJson>> {
    const manager = this.canManage(list, viewer);
    const all = await this.repo.listVideos(list.id, !manager);
    const visible: Video[] = [];
    for (const video of all) if (manager || (await this.access.isPublic(video))) visible.push(video);
    const slice = visible.slice((page - 1) * perPage, page * perPage);
    return pageOf(
      slice.map((v) => toVideoJson(v, viewer)),
      page,
      perPage,
      visible.length,
    );
  }

  /** The lists of the same owner that the viewer may see (the player's "more lists"). */
  async siblingsOf(
    list: VideoList,
    viewer: User | null | undefined,
    page: number,
    perPage: number,
  ): Promise<Page<VideoListJson>> {
    const manager = this.canManage(list, viewer);
    const [lists, total] = await this.repo.listPage(list.userId, !manager, (page - 1) * perPage, perPage);
    const countById = await this.repo.itemCounts(lists.map((l) => l.id));
    return pageOf(
      lists.map((l) => toVideoListJson(l, countById.get(l.id) ?? 0)),
      page,
      perPage,
      total,
    );
  }

  async owned(user: User): Promise<VideoListJson[]> {
    const lists = await this.repo.listsOf(user.id, 50);
    return lists.map((l) => toVideoListJson(l, 0));
  }
}
