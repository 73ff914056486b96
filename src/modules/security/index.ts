export { RateLimiterService, TooManyAttemptsException } from './rate-limiter.service';
