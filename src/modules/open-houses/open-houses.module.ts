import { Module, OnModuleInit } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module';
import { PropertiesModule } from '../properties/properties.module';
import { OpenHousesController } from './open-houses.controller';
import { OpenHousesRepository } from './open-houses.repository';
import { OpenHousesService } from './open-houses.service';
import { PolicyChecks } from '../policies';

@Module({
  imports: [ListingsModule, PropertiesModule],
  controllers: [OpenHousesController],
  providers: [OpenHousesRepository, OpenHousesService],
  exports: [OpenHousesService],
})
export class OpenHousesModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly openHouses: OpenHousesService,
  ) {}

  onModuleInit(): void {
    this.policies.define('open-house.host', (user, id) => this.openHouses.mayHost(user, id));
  }
}
