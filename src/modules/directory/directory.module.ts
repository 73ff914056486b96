import { Module } from '@nestjs/common';
import { DirectoryController } from './directory.controller';
import { DirectoryPagesController } from './directory-pages.controller';
import { DirectoryRepository } from './directory.repository';
import { DirectoryService } from './directory.service';

/**
 * The directory of service providers (stagers, photographers, inspectors, lenders...) by industry, each with
 * offerings; searched by words, industry and city; an admin-verified licence badge.
 */
@Module({
  controllers: [DirectoryController, DirectoryPagesController],
  providers: [DirectoryRepository, DirectoryService],
  exports: [DirectoryService],
})
export class DirectoryModule {}
