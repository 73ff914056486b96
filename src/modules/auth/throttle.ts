import { RateLimiterService, TooManyAttemptsException } from '../security';
import { ValidationFailedException } from '../../common/validation';

/**
 * A 429 that also carries a field error, as Laravel Fortify answers a throttled login: API
 * callers get status 429 with `{message, errors}`, Inertia forms get the message under the field.
 */
export class ThrottledException extends ValidationFailedException {
  constructor(
    field: string,
    message: string,
    readonly retryAfter: number,
  ) {
    super({ [field]: [message] }, message);
  }

  override getStatus(): number {
    return 429;
  }

  override getResponse(): object {
    return { statusCode: 429, message: this.message, errors: this.errors, retryAfter: this.retryAfter };
  }
}

export function throttledMessage(what: string, seconds: number): string {
  return `Too many ${what}. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

/** Refuses (without counting) once `limit` attempts were made in the window. */
export async function assertNotThrottled(
  limiter: RateLimiterService,
  key: string,
  limit: number,
  field: string,
  what: string,
): Promise<void> {
  try {
    await limiter.assertBelow(key, limit);
  } catch (error) {
    if (error instanceof TooManyAttemptsException)
      throw new ThrottledException(field, throttledMessage(what, error.retryAfterSeconds), error.retryAfterSeconds);
    throw error;
  }
}

/** Counts one attempt and refuses when it passes the limit. */
export async function countAttempt(
  limiter: RateLimiterService,
  key: string,
  limit: number,
  windowSeconds: number,
  field: string,
  what: string,
): Promise<void> {
  try {
    await limiter.hit(key, limit, windowSeconds);
  } catch (error) {
    if (error instanceof TooManyAttemptsException)
      throw new ThrottledException(field, throttledMessage(what, error.retryAfterSeconds), error.retryAfterSeconds);
    throw error;
  }
}
