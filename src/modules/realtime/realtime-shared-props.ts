import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { InertiaService } from '../inertia';
import { clientSettingsFrom } from './realtime-settings';

/** Gives every page the settings the browser's Echo client connects with. */
@Injectable()
export class RealtimeSharedProps implements OnModuleInit {
  constructor(
    private readonly inertia: InertiaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    const settings = clientSettingsFrom(this.config.broadcasting);
    this.inertia.share('realtime', () => settings);
  }
}
