/**
 * The OpenAPI document served at /api/docs.json describes every /api route Express has registered, with the
 * security and error answers the shared plumbing gives it; production does not serve it.
 */
import type { Express } from 'express';
import { bootTestApp, TestApp } from '../support/app';

/**
 * The methods an API route can serve to a client: a catch-all route such as the tus upload endpoint registers every
 * verb Node knows in Express (TRACE, PROPFIND...), and is documented with these.
 */
const OPENAPI_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

interface Layer {
  route?: { path: string | string[]; methods: Record<string, boolean> };
}

/** Every `METHOD /api/...` route registered in Express, with `:param` written as OpenAPI's `{param}`. */
function expressApiRoutes(t: TestApp): string[] {
  const express = t.app.getHttpAdapter().getInstance() as Express & { router: { stack: Layer[] } };
  const routes = new Set<string>();
  for (const layer of express.router.stack) {
    if (!layer.route) continue;
    for (const path of ([] as string[]).concat(layer.route.path)) {
      if (!path.startsWith('/api/') || path.startsWith('/api/docs')) continue;
      const openApiPath = path.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\/$/, '');
      for (const [method, on] of Object.entries(layer.route.methods))
        if (on && OPENAPI_METHODS.includes(method)) routes.add(`${method.toUpperCase()} ${openApiPath}`);
    }
  }
  return [...routes].sort();
}

function documentedRoutes(document: { paths: Record<string, Record<string, unknown>> }): string[] {
  return Object.entries(document.paths)
    .flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path.replace(/\/$/, '')}`))
    .sort();
}

describe('OpenAPI document', () => {
  let t: TestApp;
  let document: any;

  beforeAll(async () => {
    t = await bootTestApp();
    const res = await (await t.client()).get('/api/docs.json');
    expect(res.status).toBe(200);
    document = res.body;
  });
  afterAll(() => t.close());

  it('lists every /api route registered in Express, and nothing else', () => {
    const registered = expressApiRoutes(t);
    expect(registered.length).toBeGreaterThan(50);
    const documented = documentedRoutes(document);
    expect(registered.filter((route) => !documented.includes(route))).toEqual([]);
    expect(Object.keys(document.paths).every((path) => path.startsWith('/api/'))).toBe(true);
  });

  it('states the session cookie and anti-forgery header, and public routes need no session', () => {
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'reelty_session' },
      xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
    });
    expect(document.paths['/api/chats/{id}/messages'].post.security).toEqual([{ session: [], xsrf: [] }]);
    expect(document.paths['/api/chats/unread-count'].get.security).toEqual([{ session: [] }]);
    const publicRead = Object.values(document.paths)
      .flatMap((item: any) => Object.values(item))
      .find((op: any) => op.security?.length === 1 && Object.keys(op.security[0]).length === 0);
    expect(publicRead).toBeDefined();
  });

  it('describes error answers with the shared schemas', () => {
    const send = document.paths['/api/chats/{id}/messages'].post;
    expect(send.responses['401'].content['application/json'].schema.$ref).toBe('#/components/schemas/ErrorAnswer');
    expect(send.responses['404']).toBeDefined();
    expect(send.responses['422'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ValidationErrorAnswer',
    );
    expect(document.components.schemas.ValidationErrorAnswer.required).toEqual(['message', 'errors']);
  });

  it('serves the UI at /api/docs', async () => {
    const res = await (await t.client()).get('/api/docs');
    expect(res.status).toBe(200);
    expect(res.text).toContain('swagger-ui');
  });
});

describe('OpenAPI in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({ NODE_ENV: 'production' });
  });
  afterAll(() => t.close());

  it('is not served', async () => {
    const res = await (await t.client()).get('/api/docs.json');
    expect(res.status).toBe(404);
  });
});
