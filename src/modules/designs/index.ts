export { DesignsService } from './designs.service';
export { DesignGenerationService } from './design-generation.service';
