import { RequestMethod } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { getMetadataStorage } from 'class-validator';
import { randomUUID } from 'node:crypto';
import { bootTestApp, TestApp, TestClient } from '../support/app';
import { jarCookie, PASSWORD } from '../auth/helpers';

/**
 * The regression net for every route, present and future: each route registered on the Express
 * router gets each class of hostile input that once produced a 500, as a guest and as a signed-in
 * admin (with a fresh password confirmation, so guarded routes are reached). No answer may be 5xx,
 * and an oversized body is 413 everywhere.
 */
interface Route {
  method: string;
  path: string;
}

interface Probe {
  name: string;
  path: string;
  query?: string;
  body?: string;
  /** The one status this probe must get (else: anything below 500). */
  expect?: number;
}

const STANDARD_METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const SKIPPED = new Set(['POST /logout']); // would end the probing session; it reads no input

function registeredRoutes(t: TestApp): Route[] {
  const router = (t.app.getHttpAdapter().getInstance() as { router: { stack: Array<{ route?: any }> } }).router;
  const routes: Route[] = [];
  for (const layer of router.stack) {
    if (!layer.route) continue;
    const methods = Object.keys(layer.route.methods).filter((method) => STANDARD_METHODS.includes(method));
    for (const method of methods) {
      const route = { method: method.toUpperCase(), path: String(layer.route.path) };
      if (!SKIPPED.has(`${route.method} ${route.path}`)) routes.push(route);
    }
  }
  return routes;
}

/** Every field name any DTO validates: bodies and queries carry them all, so each DTO sees its own. */
function knownFieldNames(): string[] {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<unknown, Array<{ propertyName: string }>>;
  };
  const names = new Set<string>(['search', 'q', 'page', 'per_page', 'email', 'password', 'name', 'title']);
  for (const list of storage.validationMetadatas.values()) for (const meta of list) names.add(meta.propertyName);
  return [...names];
}

/**
 * The body DTO's fields of each route, read from Nest's route metadata, so each field can be probed
 * alone (a body full of every field fails validation on the first wrong one and hides the rest).
 */
function bodyFieldsByRoute(t: TestApp): Map<string, string[]> {
  const result = new Map<string, string[]>();
  const storage = getMetadataStorage();
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: unknown[]) => unknown) | null;
      if (!controller) continue;
      const base = ([] as string[]).concat(Reflect.getMetadata('path', controller) ?? '')[0];
      for (const name of Object.getOwnPropertyNames(controller.prototype)) {
        const handler = controller.prototype[name];
        const path = typeof handler === 'function' ? Reflect.getMetadata('path', handler) : undefined;
        if (path === undefined) continue;
        const method = RequestMethod[Reflect.getMetadata('method', handler) as number];
        const args: Record<string, { index: number }> =
          Reflect.getMetadata('__routeArguments__', controller, name) ?? {};
        const types: unknown[] = Reflect.getMetadata('design:paramtypes', controller.prototype, name) ?? [];
        const bodyArg = Object.entries(args).find(([key]) => key.split(':')[0] === '3'); // RouteParamtypes.BODY
        const dto = bodyArg ? (types[bodyArg[1].index] as new () => object) : undefined;
        if (!dto || typeof dto !== 'function' || dto === Object) continue;
        const fields = [
          ...new Set(storage.getTargetValidationMetadatas(dto, '', true, false).map((m) => m.propertyName)),
        ];
        for (const sub of ([] as string[]).concat(path)) {
          const full = `/${base}/${sub}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1');
          result.set(`${method} ${full}`, fields);
        }
      }
    }
  }
  return result;
}

function fill(path: string, value: (name: string) => string): string {
  return path
    .replace(/:(\w+)/g, (_, name: string) => value(name))
    .replace(/\*(\w+)/g, (_, name: string) => value(name));
}

/** Each of the route's own body fields alone, with each value that once got past validation into SQL or code. */
function fieldProbes(path: string, ownFields: string[]): Probe[] {
  const probes: Probe[] = [];
  for (const field of ownFields)
    for (const [name, value] of [
      ['null', null],
      ['NUL', 'a\u0000b'],
      ['20,000 characters', 'x'.repeat(20_000)],
      ['a number', 1e308],
      ['an object', { a: 1 }],
    ] as const)
      probes.push({ name: `${field}: ${name}`, path, body: JSON.stringify({ [field]: value }) });
  return probes;
}

/** The first path segment past `/api`: identifiers met in one area's answers are tried first on that area's routes. */
function areaOf(path: string): string {
  return path.replace(/^\/api\//, '/').split('/')[1] ?? '';
}

/**
 * Identifiers in a JSON answer (ids, slugs, handles, tokens), to reach the prober's own resources; each keeps the
 * area whose answer showed it first.
 */
function harvest(json: unknown, area: string, into: Map<string, Map<string, string>>): void {
  const stack = [json];
  while (stack.length) {
    const value = stack.pop();
    if (!value || typeof value !== 'object') continue;
    for (const [key, child] of Object.entries(value)) {
      const kind = /slug$/i.test(key)
        ? 'slug'
        : /(^|_)id$|Id$/.test(key)
          ? 'id'
          : /handle|token/i.test(key)
            ? key
            : null;
      if (kind && typeof child === 'string' && child.length < 200) {
        if (!into.has(kind)) into.set(kind, new Map());
        if (!into.get(kind)!.has(child)) into.get(kind)!.set(child, area);
      } else stack.push(child);
    }
  }
}

/**
 * How many identifiers from other areas an update route is tried with before it is left unprobed. The same seven
 * routes reach the admin's own resources with 4 as with 20 (measured 2026-11-28), for about 1,500 fewer requests.
 */
const OTHER_AREA_CANDIDATES = 4;

const OVERSIZED = JSON.stringify({ title: 'x'.repeat(1_100_000) }); // one string for every route's probe

function probesFor(route: Route, fields: string[], ownFields: string[]): Probe[] {
  const id = randomUUID();
  const plain = fill(route.path, () => id);
  const deep = `${'['.repeat(2500)}${']'.repeat(2500)}`;
  const objectOf = (value: unknown) => JSON.stringify(Object.fromEntries(fields.map((field) => [field, value])));
  const query = (value: string) => fields.map((field) => `${encodeURIComponent(field)}=${value}`).join('&');
  const probes: Probe[] = [
    { name: 'body over 1 MB', path: plain, body: OVERSIZED, expect: 413 },
    { name: 'JSON nested 2,500 deep', path: plain, body: deep },
    { name: 'object nested 2,500 deep', path: plain, body: `${'{"a":'.repeat(2500)}1${'}'.repeat(2500)}` },
    { name: 'NUL byte in every string field', path: plain, body: objectOf('a\u0000b') },
    { name: 'null for every field', path: plain, body: objectOf(null) },
    { name: 'arrays for every field', path: plain, body: objectOf(['a', 'b']) },
    { name: 'NUL in the query', path: plain, query: query('%00') },
    {
      name: 'arrays and objects in the query',
      path: plain,
      query: 'search[]=a&search[]=b&page[x]=1&q[a][b]=c&per_page[]=2',
    },
    { name: 'huge page numbers', path: plain, query: 'page=99999999999999999999&per_page=99999999999999999999' },
    { name: 'negative and fractional pages', path: plain, query: 'page=-1&per_page=0.5' },
  ];
  probes.push(...fieldProbes(plain, ownFields));
  if (/[:*]\w+/.test(route.path)) {
    probes.push({ name: '%00 in path parameters', path: fill(route.path, () => '%00') });
    probes.push({ name: 'NUL inside path parameters', path: fill(route.path, () => 'ab%00cd') });
    probes.push({ name: 'overlong path parameters', path: fill(route.path, () => '9'.repeat(400)) });
  }
  return probes;
}

async function session(client: TestClient): Promise<Record<string, string>> {
  const cookie = jarCookie(client);
  return {
    Cookie: `${cookie ? `reelty_session=${encodeURIComponent(cookie)}; ` : ''}XSRF-TOKEN=${encodeURIComponent(client.token)}`,
    'X-XSRF-TOKEN': client.token,
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function inParallel(jobs: Array<() => Promise<void>>, width = 6): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < jobs.length) await jobs[next++]();
    }),
  );
}

describe('fuzz: hostile input on every registered route', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('never answers 5xx, and refuses oversized bodies with 413', async () => {
    const routes = registeredRoutes(t);
    expect(routes.length).toBeGreaterThan(100);
    const fields = knownFieldNames();
    const ownFields = bodyFieldsByRoute(t);
    expect(ownFields.size).toBeGreaterThan(30);
    const guest = await t.client();
    const { client: admin } = await t.signedIn({ role: 'admin' });
    expect((await admin.post('/user/confirm-password').send({ password: PASSWORD })).status).toBe(303);
    await admin.refreshToken();
    const callers = { guest: await session(guest), admin: await session(admin) };

    // A GET carries no body, so its body probes are all one request (its plain one): each distinct GET is sent
    // once per caller, and every probe that makes it is judged on that answer.
    const gets = new Map<string, Promise<{ status: number; location: string | null; json: unknown }>>();
    const send = async (route: Route, probe: Probe, headers: Record<string, string>) => {
      const url = `${t.baseUrl}${probe.path}${probe.query ? `?${probe.query}` : ''}`;
      const withBody = probe.body !== undefined && route.method !== 'GET';
      const request = async (attempt = 1): Promise<{ status: number; location: string | null; json: unknown }> => {
        // A server that answers 413 may close the socket while an oversized body is still being sent: the client
        // then sees a reset, not the answer. Ask again (twice at most) to read the answer itself.
        const res = await fetch(url, {
          method: route.method,
          redirect: 'manual',
          headers: {
            ...headers,
            Accept: 'application/json',
            ...(withBody ? { 'Content-Type': 'application/json' } : {}),
          },
          body: withBody ? probe.body : undefined,
        }).catch((error: unknown) => {
          if (attempt < 3) return null;
          throw error;
        });
        if (!res) return request(attempt + 1);
        const text = await res.text();
        const json = (res.headers.get('content-type') ?? '').includes('json') ? safeJson(text) : null;
        return { status: res.status, location: res.headers.get('location'), json };
      };
      const key = `${headers.Cookie} ${url}`;
      if (route.method === 'GET' && !gets.has(key)) gets.set(key, request());
      const answer = await (route.method === 'GET' ? gets.get(key)! : request());
      const wrong = probe.expect !== undefined && withBody ? answer.status !== probe.expect : answer.status >= 500;
      return { ...answer, wrong };
    };

    // A caller the route turns away before reading input (guest → 401 / login, admin → guest-only redirect)
    // learns nothing from hostile input: probe with the callers that get through, or with both if neither does.
    const failures: string[] = [];
    const identifiers = new Map<string, Map<string, string>>();
    const ownerRoutes: string[] = [];
    const jobs: Array<() => Promise<void>> = [];
    await inParallel(
      routes.map((route) => async () => {
        const probes = probesFor(route, fields, ownFields.get(`${route.method} ${route.path}`) ?? []);
        const oversized = probes.shift()!;
        const reached: string[] = [];
        // Body parsing runs before sessions and routing: one caller shows it for all.
        const first = await send(route, oversized, callers.guest);
        if (first.wrong) failures.push(`${route.method} ${route.path} [${oversized.name}] → ${first.status}`);
        for (const [caller, headers] of Object.entries(callers)) {
          const plain = await send(route, { name: 'plain', path: probes[0].path, body: '{}' }, headers);
          if (caller === 'admin') harvest(plain.json, areaOf(route.path), identifiers);
          const turnedAway =
            plain.status === 401 || /^\/(login|dashboard|email\/verify)$/.test(plain.location ?? '') || plain.wrong;
          if (!turnedAway) reached.push(caller);
        }
        for (const caller of reached.length ? reached : Object.keys(callers))
          for (const probe of probes)
            jobs.push(async () => {
              const res = await send(route, probe, callers[caller as keyof typeof callers]);
              if (res.wrong)
                failures.push(`${route.method} ${route.path} [${probe.name}] as ${caller} → ${res.status}`);
            });
      }),
    );
    await inParallel(jobs);

    // The admin's own resources, made by the sweep above (creation routes with an empty body): each field of
    // each update route alone, on a resource the admin may change, so the input reaches the rules and the SQL.
    const ownerJobs = routes
      .filter((route) => route.method !== 'DELETE' && (route.path.match(/:\w+/g) ?? []).length === 1)
      .filter((route) => ownFields.has(`${route.method} ${route.path}`))
      .map((route) => async () => {
        const param = /:(\w+)/.exec(route.path)![1];
        const kind = /slug/i.test(param) ? 'slug' : /id$/i.test(param) ? 'id' : param;
        // A route updates its own area's resources, which that area's answers showed: try those identifiers first,
        // then at most OTHER_AREA_CANDIDATES others; trying every identifier the sweep met cost 44,000 requests.
        const met = [...(identifiers.get(kind) ?? new Map<string, string>())];
        const area = areaOf(route.path);
        const candidates = [
          ...met.filter(([, from]) => from === area),
          ...met.filter(([, from]) => from !== area).slice(0, OTHER_AREA_CANDIDATES),
        ].map(([candidate]) => candidate);
        for (const candidate of candidates) {
          const path = fill(route.path, () => encodeURIComponent(candidate));
          const plain = await send(route, { name: 'own resource', path, body: '{}' }, callers.admin);
          if (plain.status >= 400) continue;
          ownerRoutes.push(`${route.method} ${route.path}`);
          for (const probe of fieldProbes(path, ownFields.get(`${route.method} ${route.path}`)!)) {
            const res = await send(route, probe, callers.admin);
            if (res.wrong) failures.push(`${route.method} ${path} [${probe.name}] on the admin's own → ${res.status}`);
          }
          return;
        }
      });
    await inParallel(ownerJobs);
    expect(ownerRoutes.length).toBeGreaterThan(3);
    expect(failures.sort()).toEqual([]);
  }, 600_000); // every route is probed: the run grows with the API (about 200 routes), so the bound is generous
});
