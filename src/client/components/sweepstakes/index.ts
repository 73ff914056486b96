export { Countdown } from './Countdown';
export { DrawSteps } from './DrawSteps';
export { laterDrawProgress, laterState } from './draw-progress';
export { RulesView } from './RulesView';
export { StateBadge } from './StateBadge';
export { SweepstakesWinToast } from './SweepstakesWinToast';
export { formatDateTime, formatMoney, STATE_LABELS, WINNER_LABELS } from './format';
export { SweepstakesForm } from './SweepstakesForm';
export { DrawAlgorithm } from './DrawAlgorithm';
