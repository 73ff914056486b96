import { Global, MiddlewareConsumer, Module, NestModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AssetsService } from './assets.service';
import { InertiaInterceptor } from './inertia.interceptor';
import { InertiaMiddleware } from './inertia.middleware';
import { InertiaService } from './inertia.service';

@Global()
@Module({
  providers: [AssetsService, InertiaService, { provide: APP_INTERCEPTOR, useClass: InertiaInterceptor }],
  exports: [InertiaService, AssetsService],
})
export class InertiaModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(InertiaMiddleware).forRoutes('*path');
  }
}
