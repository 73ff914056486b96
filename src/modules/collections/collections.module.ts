import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { CollectionsPagesController } from './collections-pages.controller';
import { CollectionsController } from './collections.controller';
import { CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';

@Module({
  imports: [PropertiesModule, UsersModule],
  controllers: [CollectionsController, CollectionsPagesController],
  providers: [CollectionsRepository, CollectionsService],
  exports: [CollectionsService],
})
export class CollectionsModule {}
