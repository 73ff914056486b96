import { Module, OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DomainEvents } from '../events';
import { TimersService } from '../jobs';
import { MarketModule } from '../market/market.module';
import { UsersModule } from '../users/users.module';
import { SavedSearch } from './entities/saved-search.entity';
import { DIGEST_TIMER, SavedSearchAlertsService } from './saved-search-alerts.service';
import { SavedSearchesController } from './saved-searches.controller';
import { SavedSearchesRepository } from './saved-searches.repository';
import { SavedSearchesService } from './saved-searches.service';
import { PolicyChecks } from '../policies';

@Module({
  imports: [TypeOrmModule.forFeature([SavedSearch]), MarketModule, UsersModule],
  controllers: [SavedSearchesController],
  providers: [SavedSearchesRepository, SavedSearchesService, SavedSearchAlertsService],
  exports: [SavedSearchesService, SavedSearchAlertsService],
})
export class SavedSearchesModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly savedSearches: SavedSearchesService,
    private readonly events: DomainEvents,
    private readonly timers: TimersService,
    private readonly alerts: SavedSearchAlertsService,
  ) {}

  onModuleInit(): void {
    this.policies.define('saved-search.change', (user, id) => this.savedSearches.findOwned(user, id));
    this.events.subscribe('property.changed', 'saved-searches.alerts', (e) =>
      this.alerts.onPropertyChanged(e.payload.property_id),
    );
    this.timers.define<{ userId: string }>(DIGEST_TIMER, async (data) => {
      await this.alerts.sendPending(data.userId);
    });
  }
}
