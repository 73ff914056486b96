export { ToursService } from './tours.service';
export { TourNoticesService, TOUR_REMINDER_TIMER, REMINDER_LEADS } from './tour-notices.service';
export { buildIcs, localTime } from './ics';
export { TourChatService, TOUR_CHAT_CONSUMER, tourChatMessage } from './tour-chat.service';
