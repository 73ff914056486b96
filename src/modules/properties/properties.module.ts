import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Listing } from '../listings';
import { MediaAccessRegistry } from '../storage';
import { TeamsModule } from '../teams/teams.module';
import { UsersModule } from '../users/users.module';
import { PropertiesApiController } from './properties-api.controller';
import { PropertiesPagesController } from './properties-pages.controller';
import { Currency, Property, PropertyComponent, PropertyUpload } from './property.entity';
import { PropertiesRepository } from './properties.repository';
import { PropertiesService } from './properties.service';
import { PropertyUploadsService } from './property-uploads.service';
import { PolicyChecks } from '../policies';

@Module({
  imports: [
    TypeOrmModule.forFeature([Property, PropertyComponent, PropertyUpload, Currency, Listing]),
    UsersModule,
    TeamsModule,
  ],
  controllers: [PropertiesApiController, PropertiesPagesController],
  providers: [PropertiesRepository, PropertiesService, PropertyUploadsService],
  exports: [PropertiesService, PropertyUploadsService],
})
export class PropertiesModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly properties: PropertiesService,
    private readonly access: MediaAccessRegistry,
    private readonly uploads: PropertyUploadsService,
  ) {}

  onModuleInit(): void {
    // Editing a property (its fields, photos, publishing): who getEditable lets in (owner, team editors).
    this.policies.define('property.edit', (user, slug) => this.properties.getEditable(slug, user));
    this.policies.define('property-component.edit', (user, id) => this.properties.editableComponent(id, user));
    this.access.register('listings/', (key, user) => this.uploads.canRead(key, user));
  }
}
