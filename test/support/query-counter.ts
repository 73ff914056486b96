import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:http';
import { Client } from 'pg';

/**
 * Counts the PostgreSQL statements each HTTP request of a booted test app sends, however they are sent
 * (TypeORM, prepared statements, the session store): every `pg` Client.query issued inside the request's
 * async context is counted for that request, so background jobs running meanwhile do not count.
 */
export interface CountedStatement {
  text: string;
  values: unknown[];
}

export class QueryCounter {
  private readonly context = new AsyncLocalStorage<{ statements: CountedStatement[] }>();
  private readonly perRequest = new Map<string, CountedStatement[]>();
  private restore: (() => void) | null = null;

  install(server: Server): void {
    const context = this.context;
    const original = Client.prototype.query;
    Client.prototype.query = function (this: Client, ...args: unknown[]) {
      const first = args[0] as string | { text?: string; values?: unknown[] };
      context
        .getStore()
        ?.statements.push(
          typeof first === 'string'
            ? { text: first, values: Array.isArray(args[1]) ? (args[1] as unknown[]) : [] }
            : { text: first?.text ?? '', values: first?.values ?? [] },
        );
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof original;
    const listeners = server.listeners('request') as Array<(...a: unknown[]) => void>;
    server.removeAllListeners('request');
    server.on('request', (req: { headers: Record<string, string | undefined> }, res: unknown) => {
      const id = req.headers['x-query-count-id'];
      const store = { statements: [] as CountedStatement[] };
      if (id) this.perRequest.set(id, store.statements);
      context.run(store, () => listeners.forEach((listener) => listener.call(server, req, res)));
    });
    this.restore = () => {
      Client.prototype.query = original;
      server.removeAllListeners('request');
      listeners.forEach((listener) => server.on('request', listener));
    };
  }

  /** The statements the request tagged with this id sent (read after its answer arrived). */
  statementsOf(id: string): CountedStatement[] {
    return this.perRequest.get(id) ?? [];
  }

  uninstall(): void {
    this.restore?.();
    this.restore = null;
  }
}
