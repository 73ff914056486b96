import { Injectable, OnModuleInit } from '@nestjs/common';
import { ChannelRegistry } from './channel-registry.service';

/** The per-user notification channel: only that user may listen. */
@Injectable()
export class UserChannelRules implements OnModuleInit {
  constructor(private readonly registry: ChannelRegistry) {}

  onModuleInit(): void {
    this.registry.register('App.Models.User.{id}', (user, { id }) => user.id === id);
  }
}
