import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { UsersModule } from '../users/users.module';
import { BroadcastingAuthController } from './broadcasting-auth.controller';
import { BROADCAST_DRIVER, Broadcaster } from './broadcaster.service';
import { ChannelAuthorizationService } from './channel-authorization.service';
import { ChannelRegistry } from './channel-registry.service';
import type { BroadcastDriver } from './drivers/broadcast-driver';
import { BuiltinBroadcastDriver } from './drivers/builtin.driver';
import { LogBroadcastDriver } from './drivers/log.driver';
import { PusherBroadcastDriver } from './drivers/pusher.driver';
import { RealtimeGateway } from './realtime.gateway';
import { encryptionMasterKey } from './realtime-settings';
import { REALTIME_MODULE_OPTIONS, type RealtimeModuleOptions } from './realtime.tokens';
import { UserChannelRules } from './user-channel.rules';
import { RealtimeSharedProps } from './realtime-shared-props';
import { RealtimeWebhooks } from './webhooks/realtime-webhooks.service';

function createDriver(config: AppConfig, gateway: RealtimeGateway): BroadcastDriver {
  const settings = config.broadcasting;
  switch (settings.driver) {
    case 'pusher':
      return PusherBroadcastDriver.create(settings);
    case 'log':
      return new LogBroadcastDriver();
    default:
      return new BuiltinBroadcastDriver(gateway.server, encryptionMasterKey(settings));
  }
}

/**
 * Real-time: the built-in Pusher-protocol server, POST /broadcasting/auth, and the
 * Broadcaster + ChannelRegistry every module uses. Global so feature modules need not import it.
 */
@Global()
@Module({})
export class RealtimeModule {
  static forRoot(options: RealtimeModuleOptions = {}): DynamicModule {
    return {
      module: RealtimeModule,
      imports: [UsersModule],
      controllers: [BroadcastingAuthController],
      providers: [
        { provide: REALTIME_MODULE_OPTIONS, useValue: options },
        RealtimeGateway,
        { provide: BROADCAST_DRIVER, useFactory: createDriver, inject: [APP_CONFIG, RealtimeGateway] },
        Broadcaster,
        ChannelRegistry,
        ChannelAuthorizationService,
        UserChannelRules,
        RealtimeSharedProps,
        RealtimeWebhooks,
      ],
      exports: [Broadcaster, ChannelRegistry, RealtimeGateway],
    };
  }
}
