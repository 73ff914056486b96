import { allowOnly } from '../policies';
import type { SweepstakesWinner } from './entities/sweepstakes.entity';

/**
 * Who may do what with a sweepstakes' prizes: a prize is claimed only by the entrant the published draw picked for
 * it (a winner row with a prize index). Entering and drawing are ruled by the sweepstakes' state and dates
 * (sweepstakes.service.ts) and the draw by fair-draw.ts, not by who asks.
 */
export function requirePrizeWinner(winner: SweepstakesWinner | null | undefined): asserts winner is SweepstakesWinner {
  allowOnly(!!winner && winner.prizeIndex !== null, 'This prize is not yours to claim.');
}
