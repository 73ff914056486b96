import { Injectable } from '@nestjs/common';
import { HoldRegistry } from '../../common/holds';

/** What the owner is trying to do to a held spot: unpublish it, swap its video, or delete its video. */
export type SpotHeldAction = 'unpublish' | 'replace_video' | 'delete_video';

/**
 * Other modules that rely on a spot staying published as it is (the arena: an entry in an active season) register a
 * hold here in their onModuleInit; unpublishing a spot, changing its video and deleting a published spot's video ask
 * every hold first and answer 409 with the reason. Video never imports those modules.
 */
@Injectable()
export class SpotPublishHolds extends HoldRegistry<{ id: string; userId: string }, SpotHeldAction> {}
