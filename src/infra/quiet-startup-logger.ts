import { ConsoleLogger, type LogLevel } from '@nestjs/common';

/**
 * Nest announces every module, controller and route it wires at info level (about 170 lines on start), which
 * buries the lines people need (where the app listens, which database it chose). Those come from the contexts
 * below and are kept at debug: LOG_LEVEL=debug still shows them.
 */
export const WIRING_CONTEXTS = new Set(['RouterExplorer', 'RoutesResolver', 'InstanceLoader']);

/**
 * JSON lines for stdout (production: one request line per request) wait for the end of the tick and go out in
 * one write: stdout to a pipe or file is a synchronous syscall per write, which a CPU profile under load showed
 * at about 5% of the busy main thread. Errors (stderr) are written at once; pending lines are written on exit.
 */
const pending: string[] = [];
let exitHooked = false;

function flush(): void {
  if (!pending.length) return;
  const text = `${pending.join('\n')}\n`;
  pending.length = 0;
  process.stdout.write(text);
}

function queueLine(line: string): void {
  if (!exitHooked) {
    exitHooked = true;
    process.on('exit', flush);
  }
  pending.push(line);
  if (pending.length === 1) setImmediate(flush);
  else if (pending.length >= 256) flush();
}

export class QuietStartupLogger extends ConsoleLogger {
  override log(message: unknown, ...rest: unknown[]): void {
    const context = rest[rest.length - 1];
    if (typeof context === 'string' && WIRING_CONTEXTS.has(context)) {
      super.debug(message, ...rest);
      return;
    }
    super.log(message, ...rest);
  }

  protected override printAsJson(
    message: unknown,
    options: { context: string; logLevel: LogLevel; writeStreamType?: 'stdout' | 'stderr'; errorStack?: unknown },
  ): void {
    const plain = !this.options.colors && !this.options.forceConsole && this.inspectOptions.compact === true;
    if (!plain || options.writeStreamType === 'stderr') return super.printAsJson(message, options);
    queueLine(this.stringifyJsonLogObject(this.getJsonLogObject(message, options)));
  }
}
