import type { Response } from 'supertest';
import type { TestClient } from './app';

/**
 * One authorization table per area: every route the area adds, with the status each kind of caller gets.
 * Callers are named by the area (guest, stranger, owner, admin, member, each role...). The check runs every row
 * for every caller and compares the whole table at once, so a failure shows every wrong cell side by side.
 *
 *   await expectAuthorizationTable({ guest, stranger, owner }, [
 *     { method: 'GET', path: () => `/api/teams/${teamId}`, expect: { guest: 401, stranger: 404, owner: 200 } },
 *   ]);
 */
export interface AuthorizationRow<C extends string> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A string, or a function called per caller (so destructive rows can make a fresh resource each time). */
  path: string | ((caller: C) => string | Promise<string>);
  body?: object | ((caller: C) => object | Promise<object>);
  /** Inertia page visit instead of a JSON call (guests are then redirected to /login: 302/303). */
  inertia?: boolean;
  /** A file sent as multipart (uploads); the body is then not sent. */
  attach?: { field: string; filename: string; bytes: () => Buffer | Promise<Buffer> };
  /** Extra request headers (an HTML visit's Accept, a tus upload's headers...). */
  headers?: Record<string, string>;
  /** How the row is named in the table (default: method and path). */
  name?: string;
  expect: Record<C, Expected>;
}

/** A status, or [status, location] where it matters where a redirect goes. */
export type Expected = number | [number, string];

export async function expectAuthorizationTable<C extends string>(
  clients: Record<C, TestClient>,
  rows: Array<AuthorizationRow<C>>,
): Promise<void> {
  const got: string[] = [];
  const want: string[] = [];
  for (const row of rows) {
    for (const caller of Object.keys(row.expect) as C[]) {
      const path = typeof row.path === 'function' ? await row.path(caller) : row.path;
      const body = typeof row.body === 'function' ? await row.body(caller) : row.body;
      const res = await send(clients[caller], row, path, body);
      const name = row.name ?? `${row.method} ${path}`;
      const expected = row.expect[caller];
      const location = Array.isArray(expected) ? ` ${res.headers.location ?? ''}` : '';
      got.push(`${name} as ${caller} → ${res.status}${location}`);
      want.push(`${name} as ${caller} → ${Array.isArray(expected) ? expected.join(' ') : expected}`);
    }
  }
  expect(got).toEqual(want);
}

async function send<C extends string>(client: TestClient, row: AuthorizationRow<C>, path: string, body?: object) {
  const method = row.method;
  if (row.inertia && method === 'GET') return client.visit(path);
  const req =
    method === 'GET'
      ? client.get(path).set('Accept', 'application/json')
      : method === 'POST'
        ? client.post(path)
        : method === 'PUT'
          ? client.put(path)
          : method === 'PATCH'
            ? client.patch(path)
            : client.delete(path);
  if (row.headers) for (const [name, value] of Object.entries(row.headers)) req.set(name, value);
  if (row.attach) return req.attach(row.attach.field, await row.attach.bytes(), row.attach.filename);
  return body === undefined ? req : req.send(body);
}

/** Asserts an Inertia JSON visit rendered `component`, and (optionally) that its props contain `props`. */
export function expectPage(res: Response, component: string, props?: Record<string, unknown>): void {
  expect({ status: res.status, component: res.body?.component }).toEqual({ status: 200, component });
  if (props) expect(res.body.props).toMatchObject(props);
}
