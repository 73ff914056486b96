import type { VoteOutcome } from '../../contracts/arena';
import type { RatingState } from './arena.rows';

/** The battle column a vote's outcome counts in. */
export const OUTCOME_COLUMN: Record<VoteOutcome, string> = {
  a: 'votes_a',
  b: 'votes_b',
  tie: 'votes_tie',
  both_bad: 'votes_both_bad',
};

/** Rating rows as the parallel arrays an `unnest` update takes: keys, ratings, deviations, battles, last battles. */
export function ratingColumns<R extends RatingState>(rows: R[], key: (r: R) => string): unknown[] {
  return [
    rows.map(key),
    rows.map((r) => r.rating),
    rows.map((r) => r.rd),
    rows.map((r) => r.battles),
    rows.map((r) => r.lastBattleAt),
  ];
}

/** `SET` of an `unnest` rating update from the rows aliased `v`. */
const SET_RATING = 'rating = v.rating, rd = v.rd, battles = v.battles, last_battle_at = v.last_at';
const RATING_ROWS = 'unnest($%1::uuid[], $%2::float8[], $%3::float8[], $%4::int[], $%5::timestamptz[])';
const ratingRows = (first: number) => RATING_ROWS.replace(/%(\d)/g, (_, i: string) => String(first + Number(i) - 1));

export const updateEntryRatingsSql = (first = 1) =>
  `UPDATE arena_entries e SET ${SET_RATING} FROM ${ratingRows(first)} AS v(id, rating, rd, battles, last_at)
    WHERE e.id = v.id`;

export const updateCreatorRatingsSql = (first = 1, season = '$6') =>
  `UPDATE arena_creator_ratings c SET ${SET_RATING}
     FROM ${ratingRows(first)} AS v(creator_id, rating, rd, battles, last_at)
    WHERE c.season_id = ${season} AND c.creator_id = v.creator_id`;

/**
 * A vote in one statement, run after its transaction has locked both entries and both creators: the vote joins the
 * log (the unique pair key refuses a second one), the battle counts it while it is still running and its season
 * active (a closed season's leaderboard is frozen, whatever battle of it is left), and only then do
 * both entries' and both creators' new ratings land. Answers one row: `voteId` (null when this voter already judged
 * the pair) and the battle's columns as `battleSelect` names them (null when the battle is over).
 * Parameters: $1-$11 the vote (battle, season, voter, entry a, entry b, pair low, pair high, outcome, ip, device,
 * cast at), $12-$16 the entries' ratings, $17-$21 the creators' ratings.
 */
export const castVoteSql = (outcome: VoteOutcome, battleSelect: string) => `
  WITH v AS (
    INSERT INTO arena_votes (battle_id, season_id, voter_id, entry_a, entry_b, pair_low, pair_high, outcome, ip,
                             device, cast_at)
    VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING RETURNING id
  ), b AS (
    UPDATE arena_battles b SET ${OUTCOME_COLUMN[outcome]} = ${OUTCOME_COLUMN[outcome]} + 1
     WHERE b.id = $1 AND b.state = 'in_battle' AND EXISTS (SELECT 1 FROM v)
       AND EXISTS (SELECT 1 FROM arena_seasons s WHERE s.id = b.season_id AND s.state = 'active')
    RETURNING ${battleSelect}
  ), entries AS (
    ${updateEntryRatingsSql(12)} AND EXISTS (SELECT 1 FROM b)
  ), creators AS (
    ${updateCreatorRatingsSql(17, '$2')} AND EXISTS (SELECT 1 FROM b)
  )
  SELECT (SELECT id FROM v)::text AS "voteId", b.* FROM (SELECT 1) one LEFT JOIN b ON true`;
