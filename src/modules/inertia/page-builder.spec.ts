import type { Request } from 'express';
import { buildPage, scriptSafeJson } from './page-builder';
import { Inertia } from './inertia';

function request(headers: Record<string, string> = {}, url = '/listings?page=2'): Request {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  return { headers: lower, originalUrl: url } as unknown as Request;
}

describe('buildPage (Inertia protocol props)', () => {
  it('answers the page object with component, props, url and version', async () => {
    const page = await buildPage(request(), 'Listings/Index', { title: 'Homes', errors: {} }, 'v1', {});
    expect(page).toEqual({
      component: 'Listings/Index',
      props: { title: 'Homes', errors: {} },
      url: '/listings?page=2',
      version: 'v1',
    });
  });

  it('resolves closures lazily and only for props that are sent', async () => {
    const expensive = jest.fn(() => 'computed');
    const page = await buildPage(
      request({ 'X-Inertia-Partial-Component': 'Dashboard', 'X-Inertia-Partial-Data': 'stats' }),
      'Dashboard',
      { stats: () => 42, listings: expensive, errors: {} },
      'v1',
      {},
    );
    expect(page.props).toEqual({ stats: 42, errors: {} });
    expect(expensive).not.toHaveBeenCalled();
  });

  it('applies partial "only" and "except" only when the component matches', async () => {
    const props = { a: 1, b: 2, c: 3, errors: {} };
    const only = await buildPage(
      request({ 'X-Inertia-Partial-Component': 'P', 'X-Inertia-Partial-Data': 'a,c' }),
      'P',
      props,
      'v',
      {},
    );
    expect(Object.keys(only.props).sort()).toEqual(['a', 'c', 'errors']);
    const except = await buildPage(
      request({ 'X-Inertia-Partial-Component': 'P', 'X-Inertia-Partial-Except': 'b' }),
      'P',
      props,
      'v',
      {},
    );
    expect(Object.keys(except.props).sort()).toEqual(['a', 'c', 'errors']);
    const otherComponent = await buildPage(
      request({ 'X-Inertia-Partial-Component': 'Other', 'X-Inertia-Partial-Data': 'a' }),
      'P',
      props,
      'v',
      {},
    );
    expect(Object.keys(otherComponent.props).sort()).toEqual(['a', 'b', 'c', 'errors']);
  });

  it('sends optional props only when a partial reload names them', async () => {
    const props = { users: Inertia.optional(() => ['ann']), errors: {} };
    const first = await buildPage(request(), 'P', props, 'v', {});
    expect(first.props).not.toHaveProperty('users');
    const partial = await buildPage(
      request({ 'X-Inertia-Partial-Component': 'P', 'X-Inertia-Partial-Data': 'users' }),
      'P',
      props,
      'v',
      {},
    );
    expect(partial.props.users).toEqual(['ann']);
  });

  it('leaves deferred props out of the first response and lists them by group', async () => {
    const props = {
      comments: Inertia.defer(() => ['hi']),
      stats: Inertia.defer(() => 7, 'sidebar'),
      title: 'x',
      errors: {},
    };
    const first = await buildPage(request(), 'P', props, 'v', {});
    expect(first.props).toEqual({ title: 'x', errors: {} });
    expect(first.deferredProps).toEqual({ default: ['comments'], sidebar: ['stats'] });
    const follow = await buildPage(
      request({ 'X-Inertia-Partial-Component': 'P', 'X-Inertia-Partial-Data': 'comments' }),
      'P',
      props,
      'v',
      {},
    );
    expect(follow.props).toEqual({ comments: ['hi'], errors: {} });
    expect(follow.deferredProps).toBeUndefined();
  });

  it('always sends always-props and errors, even when not named', async () => {
    const props = { notice: Inertia.always('kept'), other: 1, errors: { email: 'bad' } };
    const page = await buildPage(
      request({ 'X-Inertia-Partial-Component': 'P', 'X-Inertia-Partial-Data': 'other' }),
      'P',
      props,
      'v',
      {},
    );
    expect(page.props).toEqual({ notice: 'kept', other: 1, errors: { email: 'bad' } });
  });

  it('marks merge props unless the client resets them', async () => {
    const props = { items: Inertia.merge(() => [1, 2]), errors: {} };
    expect((await buildPage(request(), 'P', props, 'v', {})).mergeProps).toEqual(['items']);
    expect((await buildPage(request({ 'X-Inertia-Reset': 'items' }), 'P', props, 'v', {})).mergeProps).toBeUndefined();
  });

  it('puts flash data at the top level of the page (v3), only when there is some', async () => {
    expect((await buildPage(request(), 'P', {}, 'v', {})).flash).toBeUndefined();
    expect((await buildPage(request(), 'P', {}, 'v', { success: 'Saved' })).flash).toEqual({ success: 'Saved' });
  });
});

describe('scriptSafeJson', () => {
  it('cannot close the script element or start a comment', () => {
    const json = scriptSafeJson({ bio: '</script><script>alert(1)</script><!--', amp: 'a&b' });
    expect(json).not.toMatch(/<|>|&/);
    expect(JSON.parse(json)).toEqual({ bio: '</script><script>alert(1)</script><!--', amp: 'a&b' });
  });
});
