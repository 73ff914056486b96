import { Module, OnModuleInit } from '@nestjs/common';
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
export class DirectoryModule implements OnModuleInit {
  constructor(
    private readonly directory: DirectoryService,
    private readonly media: MediaAccessRegistry,
  ) {}

  onModuleInit(): void {
    this.media.register('licences/', (key, user) => this.directory.mayReadLicence(key, user));
  }
}
