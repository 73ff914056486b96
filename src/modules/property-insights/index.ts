export { PropertyInsightsService, daysOnMarket, IN_DEMAND_VIEWS } from './property-insights.service';
