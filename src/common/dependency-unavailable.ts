import { HttpStatus, ServiceUnavailableException } from '@nestjs/common';

/** How long a client should wait before retrying after a dependency outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 5;

/** 503 with Retry-After: a server we depend on (Redis) is not answering; nothing is wrong with the request. */
export class DependencyUnavailableException extends ServiceUnavailableException {
  constructor(dependency = 'Redis') {
    super({
      statusCode: HttpStatus.SERVICE_UNAVAILABLE,
      message: `This is unavailable for a moment: a service we depend on (${dependency}) is not answering. Please try again in a few seconds.`,
      retryAfter: OUTAGE_RETRY_AFTER_SECONDS,
    });
  }
}

/** Errors ioredis raises when the server is gone or too slow (connection lost, command timeout, retries spent). */
export function isRedisOutage(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'MaxRetriesPerRequestError' ||
    /Command timed out|Connection is closed|Stream isn't writeable|Reached the max retries per request limit|ECONNREFUSED|ECONNRESET|EPIPE/.test(
      error.message,
    )
  );
}

/** Rejects with DependencyUnavailableException if `work` has not settled within `ms`. */
export async function withDeadline<T>(work: Promise<T>, ms: number, dependency = 'Redis'): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DependencyUnavailableException(dependency)), ms);
    timer.unref();
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
