import { ConsoleLogger } from '@nestjs/common';

/**
 * Nest announces every module, controller and route it wires at info level (about 170 lines on start), which
 * buries the lines people need (where the app listens, which database it chose). Those come from the contexts
 * below and are kept at debug: LOG_LEVEL=debug still shows them.
 */
export const WIRING_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader']);

export class QuietStartupLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && WIRING_CONTEXTS.has(context)) {
      super.debug(message, ...rest);
      return;
    }
    super.log(message, ...rest);
  }
}
