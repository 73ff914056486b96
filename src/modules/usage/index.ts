export { UsageService, type UsageInput } from './usage.service';
