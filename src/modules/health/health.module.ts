import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';
import { StartupState } from './startup-state';

@Module({ controllers: [HealthController], providers: [StartupState], exports: [StartupState] })
export class HealthModule {}
