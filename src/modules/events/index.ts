export { DomainEvents } from './domain-events.service';
