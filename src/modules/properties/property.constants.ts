/** Closed lists the editor offers and the server validates (spec 3 names the fields, not the values). */
export const PROPERTY_TYPES = [
  'house',
  'condo',
  'townhouse',
  'apartment',
  'multi_family',
  'land',
  'commercial',
  'other',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const PROPERTY_SECTORS = ['residential', 'commercial', 'industrial', 'agricultural', 'mixed_use'] as const;
export type PropertySector = (typeof PROPERTY_SECTORS)[number];

export const PROPERTY_STATUSES = ['for_sale', 'for_rent', 'pending', 'sold', 'off_market'] as const;
export type PropertyStatus = (typeof PROPERTY_STATUSES)[number];

/** Components keyed by type (spec 3), each with content and images; created with the property. */
export const COMPONENT_TYPES = ['details', 'features', 'gallery', 'neighborhood', 'floor_plan', 'schools'] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Publish filter (spec 4: "all and others"). `all` is never sent by the client (spec 5). */
export const PUBLISH_FILTERS = ['all', 'draft', 'published', 'archived'] as const;
export type PublishFilter = (typeof PUBLISH_FILTERS)[number];
export type PublishState = Exclude<PublishFilter, 'all'>;

export const DASHBOARD_SORTS = ['newest', 'oldest', 'updated', 'name', 'price_asc', 'price_desc'] as const;
export type DashboardSort = (typeof DASHBOARD_SORTS)[number];

export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 100;

export const PHOTO_MAX_BYTES = 12 * 1024 * 1024;
export const PHOTOS_PER_PROPERTY = 60;

/** Decimal string with up to 12 integer digits and 2 decimals: fits numeric(14,2). */
export const PRICE_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
