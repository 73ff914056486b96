import { ForbiddenException, NotFoundException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { ExecutionContext } from '@nestjs/common';
import { Authorize, PolicyChecks, PolicyGuard } from './policy-checks';

class Routes {
  @Authorize('thing.change')
  change() {}
  @Authorize('thing.change', 'slug')
  bySlug() {}
  @Authorize('nobody.defined')
  orphan() {}
}

const context = (handler: () => void, params: Record<string, string>, user: object | null = { id: 'u-1' }) =>
  ({
    getType: () => 'http',
    getHandler: () => handler,
    switchToHttp: () => ({ getRequest: () => ({ params, user }) }),
  }) as unknown as ExecutionContext;

describe('a route’s policy check, run before its body is read', () => {
  const reflector = new Reflector();
  const checks = new PolicyChecks(undefined as never, undefined as never, reflector);
  const seen: string[] = [];
  checks.define('thing.change', async (_user, id) => {
    seen.push(id);
    if (id === 'abc' || id.startsWith('00000000')) throw new ForbiddenException('Only its owner can change this.');
  });
  const guard = new PolicyGuard(reflector, checks);
  const routes = new Routes();

  it('hands the check the id (lower case) or the parameter the route names, and lets the allowed through', async () => {
    await expect(
      guard.canActivate(context(routes.change, { id: 'A1B2C3D4-0000-4000-8000-000000000001' })),
    ).resolves.toBe(true);
    await expect(guard.canActivate(context(routes.bySlug, { slug: 'my-tour' }))).resolves.toBe(true);
    expect(seen).toEqual(['a1b2c3d4-0000-4000-8000-000000000001', 'my-tour']);
  });

  it('answers the check’s 403, and 404 for an id that is not a uuid or a value with a NUL, without asking it', async () => {
    await expect(guard.canActivate(context(routes.bySlug, { slug: 'abc' }))).rejects.toThrow(ForbiddenException);
    seen.length = 0;
    await expect(guard.canActivate(context(routes.change, { id: 'not-an-id' }))).rejects.toThrow(NotFoundException);
    await expect(guard.canActivate(context(routes.bySlug, { slug: 'a\u0000b' }))).rejects.toThrow(NotFoundException);
    expect(seen).toEqual([]);
  });

  it('refuses a guest, and a route naming a check nobody defined is a programming error', async () => {
    await expect(guard.canActivate(context(routes.change, { id: 'x' }, null))).rejects.toThrow('Please log in');
    await expect(
      guard.canActivate(context(routes.orphan, { id: '00000000-0000-4000-8000-000000000000' })),
    ).rejects.toThrow('Policy check nobody.defined is not defined');
  });
});
