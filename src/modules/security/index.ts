export { RateLimiterService, TooManyAttemptsException } from './rate-limiter.service';
export { isLoopbackAddress, isLoopbackRequest } from './loopback';
export {
  BackoffLimiterService,
  DEFAULT_BACKOFF,
  ipRange,
  type BackoffPolicy,
  type BackoffScope,
} from './backoff-limiter.service';
export { allowFraming, contentSecurityPolicy, cspNonce, securityHeaders } from './security-headers';
