import { ForbiddenException, HttpException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host';
import { Verified } from '../../src/modules/auth/auth.decorators';
import { AuthGuard } from '../../src/modules/auth/auth.guard';
import type { UsersService } from '../../src/modules/users/users.service';
import type { User } from '../../src/modules/users/user.entity';

/** @Verified() routes: unverified users are sent to the notice (pages) or get 403 (JSON). */
class Handlers {
  @Verified() page(): void {}
}

function run(user: Partial<User>, headers: Record<string, string>, path = '/listings/new') {
  const redirects: Array<[number, string]> = [];
  const req = {
    user,
    session: {},
    headers,
    path,
    xhr: headers['x-requested-with'] === 'XMLHttpRequest',
    method: 'GET',
  };
  const res = { redirect: (status: number, url: string) => redirects.push([status, url]) };
  const context = new ExecutionContextHost([req, res], Handlers, Handlers.prototype.page);
  context.setType('http');
  const guard = new AuthGuard(new Reflector(), {} as UsersService);
  return { result: guard.canActivate(context), redirects };
}

describe('AuthGuard with @Verified()', () => {
  it('lets verified users through', async () => {
    await expect(run({ id: 'u', emailVerifiedAt: new Date(), role: 'user' }, {}).result).resolves.toBe(true);
  });

  it('sends unverified page visits to the verification notice', async () => {
    const { result, redirects } = run({ id: 'u', emailVerifiedAt: null, role: 'user' }, { accept: 'text/html' });
    await expect(result).rejects.toBeInstanceOf(HttpException);
    expect(redirects).toEqual([[302, '/email/verify']]);
    const inertia = run({ id: 'u', emailVerifiedAt: null, role: 'user' }, { 'x-inertia': 'true' });
    await expect(inertia.result).rejects.toBeInstanceOf(HttpException);
    expect(inertia.redirects).toEqual([[303, '/email/verify']]);
  });

  it('answers API callers with 403', async () => {
    const { result, redirects } = run(
      { id: 'u', emailVerifiedAt: null, role: 'user' },
      { accept: 'application/json' },
      '/api/things',
    );
    await expect(result).rejects.toBeInstanceOf(ForbiddenException);
    expect(redirects).toEqual([]);
  });
});
