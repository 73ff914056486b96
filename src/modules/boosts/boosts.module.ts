import { Module, OnModuleInit } from '@nestjs/common';
import { DomainEvents } from '../events';
import { TimersService } from '../jobs';
import { PropertiesModule } from '../properties/properties.module';
import { BoostsRepository } from './boosts.repository';
import { BOOST_EXPIRY_TIMER, BoostsService } from './boosts.service';

/** Listing boosts: sold by commerce (a paid line starts one), read by market search, ended by time or unpublishing. */
@Module({
  imports: [PropertiesModule],
  providers: [BoostsRepository, BoostsService],
  exports: [BoostsService],
})
export class BoostsModule implements OnModuleInit {
  constructor(
    private readonly timers: TimersService,
    private readonly events: DomainEvents,
    private readonly boosts: BoostsService,
  ) {}

  onModuleInit(): void {
    this.timers.define<{ boostId: string }>(BOOST_EXPIRY_TIMER, ({ boostId }) => this.boosts.expire(boostId));
    // A listing unpublished, made private, archived or taken off the map ends its boosts and repays unused days.
    this.events.subscribe('property.changed', 'boosts.listing-left-market', async ({ payload }) => {
      await this.boosts.settleListing(payload.property_id);
    });
  }
}
