import { Injectable } from '@nestjs/common';
import { HoldRegistry, type Hold } from '../../common/holds';

/** What the owner is trying to do to a held design. */
export type HeldAction = 'unshare' | 'delete';

/** Why a design must stay shared (a 409 message), or null when nothing holds it. */
export type ShareHold = Hold<{ id: string; userId: string }, HeldAction>;

/**
 * Other modules that rely on a design staying public (the arena: an entry in an active season) register a hold here
 * in their onModuleInit; unsharing and deleting ask every hold first. Designs never imports those modules, so the
 * rule needs no module cycle.
 */
@Injectable()
export class DesignShareHolds extends HoldRegistry<{ id: string; userId: string }, HeldAction> {}
