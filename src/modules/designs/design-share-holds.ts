import { Injectable } from '@nestjs/common';

/** What the owner is trying to do to a held design. */
export type HeldAction = 'unshare' | 'delete';

/** Why a design must stay shared (a 409 message), or null when nothing holds it. */
export type ShareHold = (design: { id: string; userId: string }, action: HeldAction) => Promise<string | null>;

/**
 * Other modules that rely on a design staying public (the arena: an entry in an active season or battle) register
 * a hold here in their onModuleInit; unsharing and deleting ask every hold first. Designs never imports those modules, so the
 * rule needs no module cycle.
 */
@Injectable()
export class DesignShareHolds {
  private readonly holds: ShareHold[] = [];

  register(hold: ShareHold): void {
    this.holds.push(hold);
  }

  /** The first reason a hold gives, or null. */
  async reason(design: { id: string; userId: string }, action: HeldAction = 'unshare'): Promise<string | null> {
    for (const hold of this.holds) {
      const why = await hold(design, action);
      if (why) return why;
    }
    return null;
  }
}
