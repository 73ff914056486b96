import { Logger, Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { JobRegistry, JobsService } from '../jobs';
import { ChatsModule } from '../chats/chats.module';
import { MarketModule } from '../market/market.module';
import { MediaAccessRegistry } from '../storage';
import { UsersModule } from '../users/users.module';
import { DirectoryController } from './directory.controller';
import { DirectoryPagesController } from './directory-pages.controller';
import { DirectoryReviewsRepository } from './directory-reviews.repository';
import { DirectoryReviewsService } from './directory-reviews.service';
import { DirectoryRepository } from './directory.repository';
import { DirectoryService } from './directory.service';
import { PolicyChecks } from '../policies';

/**
 * The directory of service providers (stagers, photographers, inspectors, lenders...) by industry, each with
 * offerings; searched by words, industry, city and distance; reviews from people who messaged the provider; an
 * uploaded licence that an admin verifies for the badge (licences/ media: the provider and admins only).
 */
@Module({
  imports: [ChatsModule, MarketModule, UsersModule],
  controllers: [DirectoryController, DirectoryPagesController],
  providers: [DirectoryRepository, DirectoryReviewsRepository, DirectoryService, DirectoryReviewsService],
  exports: [DirectoryService, DirectoryReviewsService],
})
export class DirectoryModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly directory: DirectoryService,
    private readonly media: MediaAccessRegistry,
    private readonly registry: JobRegistry,
    private readonly jobs: JobsService,
  ) {}

  onModuleInit(): void {
    this.policies.define('offering.change', (user, id) => this.directory.ownOffering(user, id));
    this.media.register('licences/', (key, user) => this.directory.mayReadLicence(key, user));
    this.registry.register('fanout', MAP_POINTS_JOB, { handle: () => this.directory.backfillMapPoints() });
  }

  /** Providers without a map point (older ones, or saved while the geocoder was down) are located in the background. */
  async onApplicationBootstrap(): Promise<void> {
    try {
      if (await this.directory.missingMapPoints())
        await this.jobs.dispatch('fanout', MAP_POINTS_JOB, {}, { jobId: MAP_POINTS_JOB });
    } catch (e) {
      new Logger('Directory').warn(`map-point backfill not queued: ${(e as Error).message}`);
    }
  }
}

/** The idempotent job that gives providers with a city their missing map point. */
export const MAP_POINTS_JOB = 'directory.map-points';
