import {
  CanActivate,
  ExecutionContext,
  Injectable,
  NotFoundException,
  OnApplicationBootstrap,
  SetMetadata,
  UnauthorizedException,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { assertPathValue } from '../../common/input-sanitiser.pipe';
import { isUuid } from '../../common/uuid.pipe';
import type { User } from '../users';

/**
 * Throws 404 when the resource is not there and 403 (with a message) when the user may not do this to it; anything
 * it answers is ignored. The area's service decides, with the same method its own writes call.
 */
export type PolicyCheck = (user: User, id: string, params: Record<string, string>) => Promise<unknown>;

const POLICY_KEY = 'reelty:policy';
interface PolicyRequirement {
  check: string;
  param: string;
}

/**
 * `@Authorize('pursuit.change')` on a route: the named check runs on the route parameter (`id` unless named) right
 * after sign-in is checked and before the body is read or validated, so a stranger gets 403 (or 404) whatever they
 * sent, never 422 with the form's field errors. The service still checks again inside its write.
 */
export const Authorize = (check: string, param = 'id') =>
  SetMetadata(POLICY_KEY, { check, param } satisfies PolicyRequirement);

/** Every area's named "may this user do this to that" checks; each module defines its own in onModuleInit. */
@Injectable()
export class PolicyChecks implements OnApplicationBootstrap {
  private readonly checks = new Map<string, PolicyCheck>();

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  define(name: string, check: PolicyCheck): void {
    if (this.checks.has(name)) throw new Error(`Policy check ${name} is defined twice`);
    this.checks.set(name, check);
  }

  async require(name: string, user: User, id: string, params: Record<string, string>): Promise<void> {
    const check = this.checks.get(name);
    if (!check) throw new Error(`Policy check ${name} is not defined`);
    await check(user, id, params);
  }

  /** A route naming a check nobody defined fails the start, not a request. */
  onApplicationBootstrap(): void {
    const missing = this.routesNamingChecks().filter(({ check }) => !this.checks.has(check));
    if (missing.length)
      throw new Error(
        `Routes name undefined policy checks: ${missing.map((m) => `${m.route} → ${m.check}`).join(', ')}`,
      );
  }

  /** Each route with @Authorize and the check it names (the authorization tests list them too). */
  routesNamingChecks(): Array<{ route: string; check: string; param: string }> {
    const found: Array<{ route: string; check: string; param: string }> = [];
    for (const wrapper of this.discovery.getControllers()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = (prototype as Record<string, unknown>)[method] as () => unknown;
        const requirement = this.reflector.get<PolicyRequirement | undefined>(POLICY_KEY, handler);
        if (requirement) found.push({ route: `${wrapper.name}.${method}`, ...requirement });
      }
    }
    return found;
  }
}

/** Runs a route's @Authorize check (after AuthGuard has loaded the user). */
@Injectable()
export class PolicyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly checks: PolicyChecks,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const requirement = this.reflector.get<PolicyRequirement | undefined>(POLICY_KEY, context.getHandler());
    if (!requirement) return true;
    const req = context.switchToHttp().getRequest<Request>();
    if (!req.user) throw new UnauthorizedException('Please log in to continue.');
    const params = req.params as Record<string, string>;
    const value = params[requirement.param] ?? '';
    assertPathValue(value);
    // An `id` (or `…Id`) parameter names a row by uuid, as UuidPipe reads it: anything else names nothing.
    const isId = requirement.param === 'id' || requirement.param.endsWith('Id');
    if (isId && !isUuid(value)) throw new NotFoundException('Not found.');
    await this.checks.require(requirement.check, req.user, isId ? value.toLowerCase() : value, params);
    return true;
  }
}
