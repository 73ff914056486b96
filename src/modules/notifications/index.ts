export { NotificationsService, escapeHtml, type NewNotification } from './notifications.service';
