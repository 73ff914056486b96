/** The arena's rating, matchmaking and war rules: pure functions, free of Nest and the database. */
export * from './prng';
export * from './elo';
export * from './glicko';
export * from './season';
export * from './bradley-terry';
export * from './replay';
export * from './matchmaking';
export * from './war';
export * from './integrity';
export * from './keyed-queue';
