export { DashboardQueryDto, priceString, toBool, trim } from './dto/property.dto';
export {
  PropertiesService,
  applyPublishFilter,
  applySearch,
  applySort,
  canEditProperty,
  isPubliclyVisible,
} from './properties.service';
export {
  DASHBOARD_SORTS,
  DEFAULT_PAGE_SIZE,
  PRICE_PATTERN,
  PROPERTY_SECTORS,
  PROPERTY_STATUSES,
  PROPERTY_TYPES,
  PUBLISH_FILTERS,
} from './property.constants';
export { Property } from './property.entity';
export { PropertySummaryJson } from './property.serializer';
