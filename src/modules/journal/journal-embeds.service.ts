import { Injectable } from '@nestjs/common';
import type { JournalEmbed, JournalEmbedRef } from '../../contracts/journal';
import { ValidationFailedException } from '../../common/validation';
import { ListingsService } from '../listings';
import type { User } from '../users';
import { SpotsService } from '../video';

/** Listings and spots embedded in a post by reference, checked when saved and resolved for each viewer. */
@Injectable()
export class JournalEmbedsService {
  constructor(
    private readonly listings: ListingsService,
    private readonly spots: SpotsService,
  ) {}

  /** 422 on the first reference the author cannot see (so a post never embeds someone's private listing). */
  async check(author: User, refs: JournalEmbedRef[]): Promise<JournalEmbedRef[]> {
    const resolved = await this.resolve(refs, author);
    const bad = resolved.findIndex((e) => !e.available);
    if (bad >= 0)
      throw ValidationFailedException.of(
        `embeds.${bad}.ref`,
        `There is no ${refs[bad].kind} you can embed with that reference.`,
      );
    return refs.map(({ kind, ref }) => ({ kind, ref }));
  }

  resolve(refs: JournalEmbedRef[], viewer: User | undefined): Promise<JournalEmbed[]> {
    return Promise.all(refs.map((ref) => this.one(ref, viewer)));
  }

  private async one(ref: JournalEmbedRef, viewer: User | undefined): Promise<JournalEmbed> {
    const missing: JournalEmbed = { ...ref, available: false, title: null, url: null };
    try {
      if (ref.kind === 'listing') {
        const { listing, property } = await this.listings.getVisible(ref.ref, viewer);
        return { ...ref, available: true, title: property.name || 'Untitled listing', url: `/listing/${listing.id}` };
      }
      const spot = await this.spots.findViewable(viewer, ref.ref);
      return { ...ref, available: true, title: spot.title, url: `/embed/spot/${spot.slug}` };
    } catch {
      return missing;
    }
  }
}
