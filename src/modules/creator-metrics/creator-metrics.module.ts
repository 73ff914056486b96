import { Module, OnModuleInit } from '@nestjs/common';
import { CrmModule } from '../crm/crm.module';
import { DesignsModule } from '../designs/designs.module';
import { TimersService } from '../jobs';
import { PeopleModule } from '../people/people.module';
import { UsersModule } from '../users/users.module';
import { VideoModule } from '../video/video.module';
import { CREATOR_ROLLUP_TIMER } from './creator-metrics.constants';
import { CreatorMetricsController } from './creator-metrics.controller';
import { CreatorMetricsRepository } from './creator-metrics.repository';
import { CreatorMetricsService } from './creator-metrics.service';
import { CreatorRollupService } from './creator-rollup.service';

@Module({
  imports: [UsersModule, PeopleModule, VideoModule, DesignsModule, CrmModule],
  controllers: [CreatorMetricsController],
  providers: [CreatorMetricsRepository, CreatorMetricsService, CreatorRollupService],
  exports: [CreatorMetricsService, CreatorRollupService],
})
export class CreatorMetricsModule implements OnModuleInit {
  constructor(
    private readonly timers: TimersService,
    private readonly rollups: CreatorRollupService,
  ) {}

  async onModuleInit(): Promise<void> {
    // The rollup re-arms itself after each run; arming at start keeps the chain alive across restarts.
    this.timers.define(CREATOR_ROLLUP_TIMER, async () => {
      await this.rollups.rollup();
      await this.rollups.scheduleNext();
    });
    await this.rollups.scheduleNext();
  }
}
