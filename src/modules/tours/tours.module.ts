import { Module, OnModuleInit } from '@nestjs/common';
import { ChatsModule } from '../chats/chats.module';
import { DomainEvents } from '../events';
import { TimersService } from '../jobs';
import { PropertiesModule } from '../properties/properties.module';
import { UsersModule } from '../users/users.module';
import { TOUR_CHAT_CONSUMER, TourChatService } from './tour-chat.service';
import { TourMailService } from './tour-mail.service';
import { type ReminderData, TOUR_REMINDER_TIMER, TourNoticesService } from './tour-notices.service';
import { ToursController } from './tours.controller';
import { ToursRepository } from './tours.repository';
import { ToursService } from './tours.service';
import { PolicyChecks } from '../policies';

@Module({
  imports: [PropertiesModule, UsersModule, ChatsModule],
  controllers: [ToursController],
  providers: [ToursRepository, ToursService, TourNoticesService, TourChatService, TourMailService],
  exports: [ToursService],
})
export class ToursModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly tours: ToursService,
    private readonly timers: TimersService,
    private readonly notices: TourNoticesService,
    private readonly chat: TourChatService,
    private readonly events: DomainEvents,
  ) {}

  onModuleInit(): void {
    this.policies.define('tour.answer', (user, id) => this.tours.party(user, id));
    this.timers.define<ReminderData>(TOUR_REMINDER_TIMER, async (data) => {
      await this.notices.remind(data);
    });
    this.events.subscribe('tour.requested', TOUR_CHAT_CONSUMER, async (e) => {
      await this.chat.onRequested(e);
    });
  }
}
