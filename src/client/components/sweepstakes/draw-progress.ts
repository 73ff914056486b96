import type { DrawProgressEvent, SweepstakesState } from '@contracts/sweepstakes';

/** How far along its life a sweepstakes is; `void` ends it from any state. */
const STATE_ORDER: SweepstakesState[] = ['draft', 'scheduled', 'open', 'closed', 'drawing', 'drawn', 'void'];

const doneSteps = (p: DrawProgressEvent) => p.steps.filter((s) => s.done).length;

/**
 * The later of two reports of a draw's progress. The start request's answer and the job's live events race: a
 * fast draw can publish "drawn" before the answer that says "drawing" arrives, and that late answer must not
 * take the page back. A draw only moves forward (state, then steps done), so the further report wins; on a tie
 * the incoming one does.
 */
export function laterDrawProgress(current: DrawProgressEvent | null, incoming: DrawProgressEvent): DrawProgressEvent {
  if (!current) return incoming;
  const byState = STATE_ORDER.indexOf(incoming.state) - STATE_ORDER.indexOf(current.state);
  if (byState !== 0) return byState > 0 ? incoming : current;
  return doneSteps(incoming) >= doneSteps(current) ? incoming : current;
}

/** The state to show: the page's (from the server) or the live one, whichever is further along. */
export function laterState(server: SweepstakesState, live: SweepstakesState | undefined): SweepstakesState {
  if (!live) return server;
  return STATE_ORDER.indexOf(live) > STATE_ORDER.indexOf(server) ? live : server;
}
