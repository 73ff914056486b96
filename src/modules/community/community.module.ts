import { Global, Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { CommunityController } from './community.controller';
import { CommunityRepository } from './community.repository';
import { ModerationService } from './moderation.service';
import { TrustService } from './trust.service';

/**
 * Community trust and moderation for every community area (journal, societies, channels, wiki): trust levels
 * from activity, the gates they open, flags that hide posts and the review queue. Global so each area injects
 * TrustService and ModerationService and registers its post kinds with `moderation.register(kind, handler)`.
 */
@Global()
@Module({
  imports: [UsersModule],
  controllers: [CommunityController],
  providers: [CommunityRepository, TrustService, ModerationService],
  exports: [TrustService, ModerationService],
})
export class CommunityModule {}
