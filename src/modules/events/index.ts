export { DomainEvents } from './domain-events.service';
export { EventsModule } from './events.module';
