export { CommerceModule } from './commerce.module';
export { CatalogService } from './catalog.service';
export { FulfilmentService } from './fulfilment.service';
