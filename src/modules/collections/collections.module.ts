import { Module, OnModuleInit } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { CollectionsPagesController } from './collections-pages.controller';
import { CollectionsController } from './collections.controller';
import { CollectionsRepository } from './collections.repository';
import { CollectionsService } from './collections.service';
import { PolicyChecks } from '../policies';

@Module({
  imports: [PropertiesModule, UsersModule],
  controllers: [CollectionsController, CollectionsPagesController],
  providers: [CollectionsRepository, CollectionsService],
  exports: [CollectionsService],
})
export class CollectionsModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly collections: CollectionsService,
  ) {}

  onModuleInit(): void {
    this.policies.define('collection.share', (user, id) => this.collections.load(user, id, 'share'));
    this.policies.define('collection.add', (user, id) => this.collections.load(user, id, 'add'));
    this.policies.define('collection.comment', (user, id) => this.collections.load(user, id, 'comment'));
  }
}
