/** How long an open battle takes votes before it closes and reveals itself to everyone. */
export const BATTLE_MS = 10 * 60_000;
/** Votes per voter per minute, and per network address per minute (the velocity limits). */
export const VOTES_PER_MINUTE = 20;
export const VOTES_PER_ADDRESS_PER_MINUTE = 120;
/** Entries per creator per hour. */
export const ENTRIES_PER_HOUR = 30;
/** Ranks (as ranges) are shown once an entry has this many counted battles. */
export const RANKED_MIN_BATTLES = 10;
/** A season lasts this long when it starts on its own. */
export const SEASON_MS = 90 * 86_400_000;

export const TIMERS = {
  closeBattle: 'arena.close-battle',
} as const;

export const BATTLE_CHANNEL = (id: string) => `presence-arena.battle.${id}`;
export const BATTLE_VOTES_EVENT = 'battle.votes';

/** A live round (a battle made by the matchmaker) takes votes this long. */
export const LIVE_BATTLE_MS = 5 * 60_000;
/** A ticket nobody matched within this long times out. */
export const QUEUE_TIMEOUT_MS = 10 * 60_000;
export const QUEUE_TIMERS = {
  tick: 'arena.queue-tick',
  timeout: 'arena.queue-timeout',
  battleEnd: 'arena.ticket-battle-end',
} as const;
export const TICKET_EVENT = 'ticket.state';

/** The Bradley-Terry refit runs every night at this UTC hour. */
export const NIGHTLY_FIT_HOUR_UTC = 3;
export const NIGHTLY_FIT_TIMER = 'arena.nightly-fit';
