import { Global, Module } from '@nestjs/common';
import { BackoffLimiterService } from './backoff-limiter.service';
import { RateLimiterService } from './rate-limiter.service';

@Global()
@Module({
  providers: [RateLimiterService, BackoffLimiterService],
  exports: [RateLimiterService, BackoffLimiterService],
})
export class SecurityModule {}
