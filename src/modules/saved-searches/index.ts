export { SavedSearchesService } from './saved-searches.service';
export { SavedSearchAlertsService } from './saved-search-alerts.service';
