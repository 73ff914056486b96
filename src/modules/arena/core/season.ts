/**
 * Between seasons every rating moves halfway back toward the mean of the rated entries (a soft reset: the order is
 * kept, the gaps shrink, so last season's leaders start ahead but can be caught), and every deviation is raised to at
 * least SEASON_RD_FLOOR so the new season's first battles count for more.
 */
export const SEASON_CARRY = 0.5;
export const SEASON_RD_FLOOR = 200;

export interface SeasonRating {
  rating: number;
  rd: number;
}

export function softReset<T extends SeasonRating>(ratings: T[], carry = SEASON_CARRY): T[] {
  if (ratings.length === 0) return [];
  const mean = ratings.reduce((sum, r) => sum + r.rating, 0) / ratings.length;
  return ratings.map((r) => ({
    ...r,
    rating: mean + (r.rating - mean) * carry,
    rd: Math.max(r.rd, SEASON_RD_FLOOR),
  }));
}
