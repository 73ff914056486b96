import { DynamicModule, Module, Type } from '@nestjs/common';
import { APP_FILTER, APP_GUARD } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from './config/app-config';
import { Runtime } from './config/runtime';
import { HttpExceptionFilter } from './common/http-exception.filter';
import { dataSourceOptions } from './database/data-source-options';
import { RuntimeModule } from './infra/runtime.module';
import { AuthGuard } from './modules/auth/auth.guard';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { InertiaModule } from './modules/inertia/inertia.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { ClockModule } from './common/clock';
import { PoliciesModule, PolicyGuard } from './modules/policies';
import { EventsModule } from './modules/events/events.module';
import { MailModule } from './modules/mail/mail.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { ChatsModule } from './modules/chats/chats.module';
import { SecurityModule } from './modules/security/security.module';
import { SettingsModule } from './modules/settings/settings.module';
import { SiteModule } from './modules/site/site.module';
import { StorageModule } from './modules/storage/storage.module';
import { UsersModule } from './modules/users/users.module';
import { CreditsModule } from './modules/credits/credits.module';
import { UsageModule } from './modules/usage/usage.module';
import { DesignsModule } from './modules/designs/designs.module';
import { QueueMonitorModule } from './modules/admin/queue-monitor.module';
import { PropertiesModule } from './modules/properties/properties.module';
import { ListingsModule } from './modules/listings/listings.module';
import { MarketModule } from './modules/market/market.module';
import { BoostsModule } from './modules/boosts/boosts.module';
import { PeopleModule } from './modules/people/people.module';
import { OpenHousesModule } from './modules/open-houses/open-houses.module';
import { VideoModule } from './modules/video/video.module';
import { SweepstakesModule } from './modules/sweepstakes/sweepstakes.module';
import { ArenaModule } from './modules/arena/arena.module';
import { AffiliatesModule } from './modules/affiliates/affiliates.module';
import { TeamsModule } from './modules/teams/teams.module';
import { CommerceModule } from './modules/commerce/commerce.module';
import { SavedSearchesModule } from './modules/saved-searches/saved-searches.module';
import { PropertyInsightsModule } from './modules/property-insights/property-insights.module';
import { CreatorMetricsModule } from './modules/creator-metrics/creator-metrics.module';
import { FairHousingModule } from './modules/fair-housing/fair-housing.module';
import { CrmModule } from './modules/crm/crm.module';
import { AdminModule } from './modules/admin/admin.module';
import { CommunityModule } from './modules/community/community.module';
import { JournalModule } from './modules/journal/journal.module';
import { SocietyModule } from './modules/society/society.module';
import { ChannelsModule } from './modules/channels/channels.module';
import { DirectoryModule } from './modules/directory/directory.module';
import { PursuitsModule } from './modules/pursuits/pursuits.module';
import { StickersModule } from './modules/stickers/stickers.module';
import { ToursModule } from './modules/tours/tours.module';
import { CollectionsModule } from './modules/collections/collections.module';
import { WikiModule } from './modules/wiki/wiki.module';
import { OpenCreativeModule } from './modules/open-creative/open-creative.module';

export interface AppOptions {
  /** False for web-only nodes: jobs are queued here and processed by `npm run worker`. */
  runWorkers: boolean;
  /** Namespace for Redis keys (queues, real-time), so test files and deployments do not collide. */
  redisPrefix?: string;
  /** Extra modules mounted beside the app (tests use this for probe controllers). */
  extraModules?: Array<Type | DynamicModule>;
}

@Module({})
export class AppModule {
  static forRoot(config: AppConfig, runtime: Runtime, options: AppOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        RuntimeModule.forRoot(config, runtime, options.redisPrefix),
        TypeOrmModule.forRoot(dataSourceOptions(runtime.databaseUrl, {}, config.databasePoolSize)),
        ClockModule,
        PoliciesModule,
        JobsModule.forRoot(runtime, {
          runWorkers: options.runWorkers,
          prefix: options.redisPrefix,
          lockMs: config.jobLockMs,
        }),
        EventsModule,
        SecurityModule,
        InertiaModule,
        MailModule,
        StorageModule,
        RealtimeModule.forRoot({ redisPrefix: options.redisPrefix }),
        UsersModule,
        AuthModule,
        SettingsModule,
        HealthModule,
        SiteModule,
        NotificationsModule,
        ChatsModule,
        PropertiesModule,
        ListingsModule,
        MarketModule,
        BoostsModule,
        PeopleModule,
        OpenHousesModule,
        VideoModule,
        TeamsModule,
        CommerceModule,
        CreditsModule,
        UsageModule,
        DesignsModule,
        QueueMonitorModule,
        AffiliatesModule,
        SweepstakesModule,
        SavedSearchesModule,
        PropertyInsightsModule,
        CreatorMetricsModule,
        FairHousingModule,
        CrmModule,
        ArenaModule,
        AdminModule,
        CommunityModule,
        JournalModule,
        SocietyModule,
        ChannelsModule,
        DirectoryModule,
        PursuitsModule,
        StickersModule,
        ToursModule,
        CollectionsModule,
        WikiModule,
        OpenCreativeModule,
        ...(options.extraModules ?? []),
      ],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        // After sign-in and roles, before pipes: a route's @Authorize check answers 403/404 before its body is read.
        { provide: APP_GUARD, useExisting: PolicyGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
