import { ConfigError } from '../config/app-config';

/**
 * Runs a one-shot command and exits: 0 when it is done, 78 (EX_CONFIG) with one line for a bad setting, 1 with
 * "<failure>: <why>" for anything else.
 */
export function runCommand(main: () => Promise<void>, failure: string): void {
  main().then(
    () => process.exit(0),
    (error: Error) => {
      const config = error instanceof ConfigError;
      console.error(config ? `Configuration error: ${error.message}` : `${failure}: ${error.message}`);
      process.exit(config ? 78 : 1);
    },
  );
}
