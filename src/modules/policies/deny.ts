import { ForbiddenException } from '@nestjs/common';

/**
 * The one way a rule refuses: 403 with a sentence that tells the user what stands in the way (the exception filter
 * renders it as a flash on pages and `{ message }` in JSON). Only an area's `<area>.policy.ts` calls it, so every
 * "may this user do this to that" is read in one file per area (a lint rule keeps it there).
 */
export function deny(reason: string): never {
  throw new ForbiddenException(reason);
}

/** `allowOnly(member.role === 'owner', 'Only the owner …')`: passes when allowed, else denies with the reason. */
export function allowOnly(allowed: boolean, reason: string): asserts allowed {
  if (!allowed) deny(reason);
}
