import { QUEUES } from '../../src/modules/jobs/job.types';
import { Body, Controller, Delete, Get, Module, Patch, Post, Put, Req, Res } from '@nestjs/common';
import { IsEmail, IsString, MinLength } from 'class-validator';
import type { Request, Response } from 'express';
import { Public } from '../../src/modules/auth/auth.decorators';
import { Inertia } from '../../src/modules/inertia/inertia';
import { flash } from '../../src/common/flash';
import { bootTestApp, TestApp } from '../support/app';

class ContactDto {
  @IsString() @MinLength(2) name!: string;
  @IsEmail() email!: string;
}

/** Probe routes that exercise each protocol rule through the real HTTP stack. */
@Controller('probe')
@Public()
class ProbeController {
  @Get('page')
  page() {
    return Inertia.render('Probe/Page', {
      title: 'Hello <World>',
      lazy: Inertia.optional(() => 'only when asked'),
      later: Inertia.defer(() => 'deferred value'),
    });
  }

  @Post('form')
  form(@Body() body: ContactDto, @Req() req: Request, @Res() res: Response) {
    flash(req, 'success', `Thanks ${body.name}`);
    res.redirect('/probe/page');
  }

  @Put('thing')
  put(@Res() res: Response) {
    res.redirect('/probe/page');
  }

  @Patch('thing')
  patch(@Res() res: Response) {
    res.redirect('/probe/page');
  }

  @Delete('thing')
  remove(@Res() res: Response) {
    res.redirect('/probe/page');
  }

  @Get('away')
  away() {
    return Inertia.location('https://example.com/elsewhere');
  }
}

@Module({ controllers: [ProbeController] })
class ProbeModule {}

describe('Inertia protocol over HTTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({}, [ProbeModule]);
  });
  afterAll(() => t.close());

  function pageFromHtml(html: string) {
    // Scripts carry the response's CSP nonce, so the tag has more attributes than these two.
    const match = /<script[^>]*\sdata-page="app" type="application\/json">(.*?)<\/script>/s.exec(html);
    expect(match).not.toBeNull();
    return JSON.parse(match![1]);
  }

  it('answers a first visit with the root view carrying the page object and the csrf meta', async () => {
    const c = await t.client();
    const res = await c.get('/probe/page');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    const page = pageFromHtml(res.text);
    expect(page.component).toBe('Probe/Page');
    expect(page.props.title).toBe('Hello <World>');
    expect(page.props.appName).toBe('Reelty');
    expect(page.props.auth).toEqual({ user: null });
    expect(page.props).not.toHaveProperty('lazy');
    expect(page.deferredProps).toEqual({ default: ['later'] });
    expect(page.url).toBe('/probe/page');
    expect(res.text).toContain(`<meta name="csrf-token" content="${c.token}"`);
  });

  it('answers an Inertia visit with JSON and the X-Inertia header', async () => {
    const c = await t.client();
    const html = await c.get('/probe/page');
    const version = pageFromHtml(html.text).version as string;
    const res = await c.visit('/probe/page', version);
    expect(res.status).toBe(200);
    expect(res.headers['x-inertia']).toBe('true');
    expect(res.headers.vary).toMatch(/X-Inertia/);
    expect(res.body.component).toBe('Probe/Page');
    expect(res.body.version).toBe(version);
  });

  it('answers 409 with X-Inertia-Location when the asset version is stale', async () => {
    const c = await t.client();
    const res = await c.visit('/probe/page', 'stale-version');
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-location']).toMatch(/\/probe\/page$/);
  });

  it('serves partial reloads with only the requested props', async () => {
    const c = await t.client();
    const res = await c
      .visit('/probe/page')
      .set('X-Inertia-Partial-Component', 'Probe/Page')
      .set('X-Inertia-Partial-Data', 'lazy,later');
    expect(res.body.props).toEqual({ lazy: 'only when asked', later: 'deferred value', errors: {} });
  });

  it.each(['put', 'patch', 'delete'] as const)('turns a redirect after %s into 303', async (method) => {
    const c = await t.client();
    const res = await c[method]('/probe/thing').set('X-Inertia', 'true');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/probe/page');
  });

  it('redirects a failed Inertia form post back with the errors bag, then shows it once', async () => {
    const c = await t.client();
    const res = await c.inertiaPost('/probe/form', '/probe/page?step=2').send({ name: 'A', email: 'not-an-email' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/probe/page?step=2');
    const next = await c.visit('/probe/page');
    expect(Object.keys(next.body.props.errors).sort()).toEqual(['email', 'name']);
    expect(typeof next.body.props.errors.email).toBe('string');
    const again = await c.visit('/probe/page');
    expect(again.body.props.errors).toEqual({});
  });

  it('puts errors under the named bag when X-Inertia-Error-Bag is sent', async () => {
    const c = await t.client();
    await c.inertiaPost('/probe/form').set('X-Inertia-Error-Bag', 'contact').send({ name: 'Al', email: 'x' });
    const next = await c.visit('/probe/page');
    expect(next.body.props.errors).toEqual({ contact: { email: expect.any(String) } });
  });

  it('answers the same validation failure as 422 JSON with every field for API callers', async () => {
    const c = await t.client();
    const res = await c.post('/probe/form').send({ name: '', email: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.errors.name[0]).toMatch(/name/);
    expect(res.body.errors.email[0]).toMatch(/email/);
  });

  it('delivers flash data once, at the top level of the next page', async () => {
    const c = await t.client();
    await c.inertiaPost('/probe/form').send({ name: 'Ann', email: 'ann@example.test' });
    const next = await c.visit('/probe/page');
    expect(next.body.flash).toEqual({ success: 'Thanks Ann' });
    expect((await c.visit('/probe/page')).body.flash).toBeUndefined();
  });

  it('sends external locations as 409 + X-Inertia-Location for Inertia visits and 302 otherwise', async () => {
    const c = await t.client();
    const inertia = await c.visit('/probe/away');
    expect(inertia.status).toBe(409);
    expect(inertia.headers['x-inertia-location']).toBe('https://example.com/elsewhere');
    const plain = await c.get('/probe/away');
    expect(plain.status).toBe(302);
  });

  it('renders unknown pages as the Error page with 404, and unknown API routes as JSON 404', async () => {
    const c = await t.client();
    const page = await c.visit('/no/such/page');
    expect(page.status).toBe(404);
    expect(page.body.component).toBe('Error');
    expect(page.body.props.status).toBe(404);
    const api = await c.get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(api.body.message).toEqual(expect.any(String));
  });
});

describe('anti-forgery and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await bootTestApp({}, [ProbeModule]);
  });
  afterAll(() => t.close());

  it('refuses a state-changing request without the token with 419', async () => {
    const c = await t.client();
    const res = await c.agent
      .post('/probe/form')
      .set('Accept', 'application/json')
      .send({ name: 'Ann', email: 'a@b.co' });
    expect(res.status).toBe(419);
    expect(res.body.message).toMatch(/expired|token/i);
  });

  it('accepts the token from the X-CSRF-TOKEN header (meta) as well as X-XSRF-TOKEN (cookie)', async () => {
    const c = await t.client();
    const res = await c.agent
      .post('/probe/form')
      .set('Accept', 'application/json')
      .set('X-CSRF-TOKEN', c.token)
      .send({ name: 'Ann', email: 'a@b.co' });
    expect(res.status).toBe(302);
  });

  it('refuses a token from another session', async () => {
    const a = await t.client();
    const b = await t.client();
    const res = await a.agent
      .post('/probe/form')
      .set('Accept', 'application/json')
      .set('X-XSRF-TOKEN', b.token)
      .send({});
    expect(res.status).toBe(419);
  });

  it('reports database, Redis and queues on /health without opening a session', async () => {
    const c = await t.client();
    const res = await c.get('/health');
    expect(res.status).toBe(200);
    expect(res.body.database).toMatchObject({ status: 'ok', source: 'configured' });
    expect(res.body.redis).toMatchObject({ status: 'ok', source: 'configured' });
    expect(res.body.queue.mode).toBe('bullmq');
    expect(res.body.queue.queues.map((q: { name: string }) => q.name)).toEqual([...QUEUES]);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
