import { Global, Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { UsersModule } from '../users/users.module';
import { DelegationService } from './delegation.service';
import { OpenCreativePagesController } from './open-creative-pages.controller';
import { OpenCreativeController } from './open-creative.controller';
import { OpenCreativeRepository } from './open-creative.repository';
import { OpenCreativeService } from './open-creative.service';

/**
 * OpenCreative: a marketplace of creative managers (video editors, designers, photographers) and delegations from
 * realtors to them (scoped, optionally per listing, expiring, revocable) with an append-only activity log.
 * Global, like teams: the modules that own the work (video, designs) ask `DelegationService` on their access checks.
 */
@Global()
@Module({
  imports: [ListingsModule, UsersModule],
  controllers: [OpenCreativeController, OpenCreativePagesController],
  providers: [OpenCreativeRepository, OpenCreativeService, DelegationService],
  exports: [OpenCreativeService, DelegationService],
})
export class OpenCreativeModule {}
