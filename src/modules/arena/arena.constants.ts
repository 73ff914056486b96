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

/** Squads and wars: members per squad, attacks per member, how long one attack takes votes. */
export const SQUAD_MAX_MEMBERS = 5;
export const WAR_ATTACKS_PER_MEMBER = 2;
export const ATTACK_MS = 10 * 60_000;
export const WAR_TIMERS = {
  battleStart: 'arena.war-battle-start',
  close: 'arena.war-close',
} as const;
export const WAR_CHANNEL = (id: string) => `presence-arena.war.${id}`;
export const SQUAD_CHANNEL = (id: string) => `private-arena.squad.${id}`;
export const WAR_STATE_EVENT = 'war.state';
export const WAR_LINEUP_EVENT = 'war.lineup';
/** A challenge the other captain has not answered lapses after this long (timer re-checked on fire). */
export const CHALLENGE_TTL_MS = 24 * 3_600_000;
export const CHALLENGE_EXPIRE_TIMER = 'arena.challenge-expire';
export const WAR_CHALLENGE_EVENT = 'war.challenge';

/** A season closes itself at its end date (timer re-checked on fire). */
export const SEASON_CLOSE_TIMER = 'arena.season-close';
/** Vote-cluster scans: one per season and window, a minute after the window ends. */
export const INTEGRITY_SCAN_TIMER = 'arena.integrity-scan';
