import { Module } from '@nestjs/common';
import { PropertiesModule } from '../properties/properties.module';
import { SavedSearchesModule } from '../saved-searches/saved-searches.module';
import { PropertyInsightsController } from './property-insights.controller';
import { PropertyInsightsRepository } from './property-insights.repository';
import { PropertyInsightsService } from './property-insights.service';

@Module({
  imports: [PropertiesModule, SavedSearchesModule],
  controllers: [PropertyInsightsController],
  providers: [PropertyInsightsRepository, PropertyInsightsService],
  exports: [PropertyInsightsService],
})
export class PropertyInsightsModule {}
