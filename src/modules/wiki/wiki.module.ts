import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { WikiPagesController } from './wiki-pages.controller';
import { WikiController } from './wiki.controller';
import { WikiRepository } from './wiki.repository';
import { WikiService } from './wiki.service';

/**
 * WikiLuxury: articles on luxury real-estate terms, brands, architects and neighbourhoods with append-only
 * revisions, line diffs, rollback and a talk page; editing needs the community's edit_wiki trust level.
 */
@Module({
  imports: [UsersModule],
  controllers: [WikiController, WikiPagesController],
  providers: [WikiRepository, WikiService],
  exports: [WikiService],
})
export class WikiModule {}
