export { NotificationsService, type NewNotification } from './notifications.service';
