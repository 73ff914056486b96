/** Health checks: the area answers /health; main.ts reports the start-up step through StartupState. */
export { StartupState } from './startup-state';
