/** Why another area needs a record kept as it is (a 409 message), or null when nothing holds it. */
export type Hold<S, A extends string> = (subject: S, action: A) => Promise<string | null>;

/**
 * A registry of holds: an area that owns a record (designs, spots) asks every registered hold before a change that
 * would take the record out of public view, and refuses it with the first reason given. Areas that rely on the
 * record staying public (the arena) register a hold in their onModuleInit, so the owning area never imports them.
 */
export class HoldRegistry<S, A extends string> {
  private readonly holds: Array<Hold<S, A>> = [];

  register(hold: Hold<S, A>): void {
    this.holds.push(hold);
  }

  /** The first reason a hold gives, or null. */
  async reason(subject: S, action: A): Promise<string | null> {
    for (const hold of this.holds) {
      const why = await hold(subject, action);
      if (why) return why;
    }
    return null;
  }
}
