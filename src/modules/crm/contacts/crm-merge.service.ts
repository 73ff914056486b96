import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { ValidationFailedException } from '../../../common/validation';
import type { User } from '../../users';
import { CrmAccessService } from '../crm-access.service';
import { CrmRepository } from '../crm.repository';
import type { CrmContact } from '../entities/crm.entity';
import { requireManager, requireSameBook } from '../crm.policy';

const FILLABLE = ['name', 'email', 'phone', 'userId', 'agentId'] as const;
type Fillable = (typeof FILLABLE)[number];

/**
 * Merging two contacts of one book: every activity, lead and task of the merged contact moves to the survivor,
 * the survivor's blanks are filled from it and its tags joined. The merge row records exactly what moved and what
 * the survivor held before, so undoing it puts everything back.
 */
@Injectable()
export class CrmMergeService {
  constructor(
    private readonly repo: CrmRepository,
    private readonly access: CrmAccessService,
    private readonly clock: Clock,
  ) {}

  /** A contact others may be merged into: the user sees it and manages its book (owners and admins). */
  async survivor(user: User, id: string) {
    const found = await this.access.contact(user, id);
    requireManager(found.book, 'Only the team owner and admins may merge contacts.');
    return found;
  }

  async merge(user: User, survivorId: string, mergedId: string): Promise<{ merge_id: string }> {
    if (survivorId === mergedId) throw ValidationFailedException.of('merge_id', 'Choose another contact to merge.');
    const { book } = await this.survivor(user, survivorId);
    const other = await this.repo.findContact(mergedId);
    if (!other) throw ValidationFailedException.of('merge_id', 'There is no contact with that id.');
    requireSameBook(book.teamId, other.teamId);
    const now = this.clock.now();
    const id = await this.repo.transaction(async (tx) => {
      const survivor = (await tx.findContact(survivorId, true))!;
      const merged = (await tx.findContact(mergedId, true))!;
      if (survivor.mergedIntoId || merged.mergedIntoId) {
        throw ValidationFailedException.of('merge_id', 'One of these contacts was already merged.');
      }
      // The merged contact leaves the live set first, so its keys can move to the survivor.
      await tx.updateContact(merged.id, { mergedIntoId: survivor.id, updatedAt: now });
      const before: Partial<Record<Fillable | 'tags', unknown>> = { tags: survivor.tags };
      const fill: Partial<CrmContact> = {};
      for (const field of FILLABLE) {
        if (!survivor[field] && merged[field]) {
          before[field] = survivor[field];
          (fill as Record<string, unknown>)[field] = merged[field];
        }
      }
      fill.tags = [...new Set([...survivor.tags, ...merged.tags])];
      await tx.updateContact(survivor.id, { ...fill, updatedAt: now });
      const moved = await tx.moveChildren(merged.id, survivor.id);
      const mergeId = await tx.insertMerge({
        teamId: book.teamId,
        survivorId: survivor.id,
        mergedId: merged.id,
        moved,
        survivorBefore: before,
        actorId: user.id,
        createdAt: now,
      });
      await tx.addActivity({
        teamId: book.teamId,
        contactId: survivor.id,
        kind: 'merged',
        source: null,
        body: `Merged ${merged.name || merged.email || merged.phone} into this contact`,
        data: { merge_id: mergeId, merged_id: merged.id, moved: moved.activities.length + moved.leads.length },
        actorId: user.id,
        createdAt: now,
      });
      return mergeId;
    });
    return { merge_id: id };
  }

  /** Puts a merge back: moved rows return, the survivor's filled fields are cleared, the merged contact lives again. */
  async undo(user: User, mergeId: string): Promise<{ contact_id: string }> {
    const found = await this.repo.findMerge(mergeId);
    if (!found) throw new NotFoundException('There is no merge with that id.');
    const book = await this.access.bookOf(user, found.teamId);
    requireManager(book, 'Only the team owner and admins may undo a merge.');
    const now = this.clock.now();
    await this.repo.transaction(async (tx) => {
      const merge = (await tx.findMerge(mergeId, true))!;
      if (merge.undoneAt) throw ValidationFailedException.of('merge_id', 'This merge was already undone.');
      const survivor = (await tx.findContact(merge.survivorId, true))!;
      const merged = (await tx.findContact(merge.mergedId, true))!;
      const restore: Partial<CrmContact> = { tags: merge.survivorBefore.tags as string[], updatedAt: now };
      for (const field of FILLABLE) {
        // A field the merge filled goes back only while it still holds what the merge put there.
        if (field in merge.survivorBefore && survivor[field] === merged[field]) {
          (restore as Record<string, unknown>)[field] = merge.survivorBefore[field];
        }
      }
      await tx.updateContact(survivor.id, restore);
      const clash = await tx.findByIdentity(merged.teamId, merged);
      if (clash.some((c) => c.id !== merged.id)) {
        throw ValidationFailedException.of(
          'merge_id',
          'Another contact now has this email or phone; merge or edit it before undoing.',
        );
      }
      await tx.updateContact(merged.id, { mergedIntoId: null, updatedAt: now });
      await tx.moveBack(merge.moved, merged.id);
      await tx.markMergeUndone(merge.id, now);
      await tx.addActivity({
        teamId: merge.teamId,
        contactId: survivor.id,
        kind: 'unmerged',
        source: null,
        body: `Undid the merge of ${merged.name || merged.email || merged.phone}`,
        data: { merge_id: merge.id, merged_id: merged.id },
        actorId: user.id,
        createdAt: now,
      });
    });
    return { contact_id: found.mergedId };
  }
}
