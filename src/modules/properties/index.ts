export { DashboardPageQueryDto, DashboardQueryDto, priceString, toBool } from './dto/property.dto';
export { PropertiesService, isOnMarket, isPubliclyVisible } from './properties.service';
export { canEditProperty } from './properties.policy';
export {
  DASHBOARD_SORTS,
  DEFAULT_PAGE_SIZE,
  PRICE_PATTERN,
  PROPERTY_SECTORS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PUBLISH_FILTERS,
} from './property.constants';
export { Property, PropertyUpload } from './property.entity';

export { applyPublishFilter, applySearch, applySort, countsOfRow, dashboardStatement } from './properties.query';
