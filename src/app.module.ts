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
import { MailModule } from './modules/mail/mail.module';
import { RealtimeModule } from './modules/realtime/realtime.module';
import { SecurityModule } from './modules/security/security.module';
import { SiteModule } from './modules/site/site.module';
import { StorageModule } from './modules/storage/storage.module';
import { UsersModule } from './modules/users/users.module';

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
        RuntimeModule.forRoot(config, runtime),
        TypeOrmModule.forRoot(dataSourceOptions(runtime.databaseUrl)),
        JobsModule.forRoot(runtime, { runWorkers: options.runWorkers, prefix: options.redisPrefix }),
        SecurityModule,
        InertiaModule,
        MailModule,
        StorageModule,
        RealtimeModule.forRoot({ redisPrefix: options.redisPrefix }),
        UsersModule,
        AuthModule,
        HealthModule,
        SiteModule,
        ...(options.extraModules ?? []),
      ],
      providers: [
        { provide: APP_GUARD, useClass: AuthGuard },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }
}
