import { Inject, Module, OnModuleInit, Optional } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { CommerceModule } from '../commerce/commerce.module';
import { ChannelRegistry } from '../realtime';
import { MediaAccessRegistry } from '../storage';
import { isUuid } from '../../common/uuid.pipe';
import { LocalTextProvider } from './chat/local-text.provider';
import { OpenAiChatProvider } from './chat/openai-chat.provider';
import { TEXT_PROVIDER } from './chat/text-provider';
import { DesignEvents } from './design-events';
import { DesignShareHolds } from './design-share-holds';
import { DesignChatService } from './design-chat.service';
import { DesignEditStateService } from './design-edit-state.service';
import { DreamsService } from './dreams.service';
import { DesignGenerationService } from './design-generation.service';
import { DesignsApiController } from './designs-api.controller';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { DESIGNS_CONFIG, DesignsConfig } from '../../config/designs.config';
import { DesignsPagesController } from './designs-pages.controller';
import { DesignsRepository } from './designs.repository';
import { DesignsService } from './designs.service';
import { PolicyChecks } from '../policies';
import { DesignAssetsRepository } from './design-assets.repository';
import { DesignAssetsService } from './design-assets.service';
import { DesignChatModerationRepository } from './design-chat-moderation.repository';
import { DesignChatModerationService } from './design-chat-moderation.service';
import { createImageProvider, IMAGE_PROVIDER } from './providers';

/**
 * AI room designer: generation on the `designs` queue with live progress on `design.{id}`,
 * credits, image providers, gallery, sharing, edit state, dreams and design chat.
 */
@Module({
  imports: [
    // The upload cap comes from the typed config; Multer's sits a byte above it so the storage check answers with
    // the friendlier 422.
    MulterModule.registerAsync({
      useFactory: (config: AppConfig) => ({
        limits: { fileSize: config.designs.maxUploadBytes + 1, files: 1, fields: 30 },
      }),
      inject: [APP_CONFIG],
    }),
    CommerceModule,
  ],
  controllers: [DesignsApiController, DesignsPagesController],
  providers: [
    { provide: DESIGNS_CONFIG, useFactory: (config: AppConfig) => config.designs, inject: [APP_CONFIG] },
    {
      provide: IMAGE_PROVIDER,
      useFactory: (config: DesignsConfig) => createImageProvider(config),
      inject: [DESIGNS_CONFIG],
    },
    {
      provide: TEXT_PROVIDER,
      useFactory: (config: DesignsConfig) =>
        config.textProvider === 'openai' ? new OpenAiChatProvider(config.openai) : new LocalTextProvider(),
      inject: [DESIGNS_CONFIG],
    },
    DesignEvents,
    DesignsRepository,
    DesignGenerationService,
    DesignsService,
    DesignEditStateService,
    DreamsService,
    DesignChatService,
    DesignShareHolds,
    DesignAssetsRepository,
    DesignAssetsService,
    DesignChatModerationRepository,
    DesignChatModerationService,
  ],
  exports: [
    DesignsService,
    DesignGenerationService,
    DesignShareHolds,
    DesignAssetsService,
    DesignChatModerationService,
  ],
})
export class DesignsModule implements OnModuleInit {
  constructor(
    private readonly policies: PolicyChecks,
    private readonly designs: DesignsService,
    private readonly editStates: DesignEditStateService,
    private readonly dreams: DreamsService,
    private readonly chats: DesignChatService,
    private readonly repo: DesignsRepository,
    private readonly media: MediaAccessRegistry,
    @Optional() @Inject(ChannelRegistry) private readonly channels?: ChannelRegistry,
  ) {}

  onModuleInit(): void {
    this.policies.define('design.change', (user, id) => this.designs.owned(user, id));
    this.policies.define('design.edit', (user, id) => this.editStates.editableBy(user, id));
    // Only the owner listens to a design's progress.
    this.channels?.register('design.{id}', async (user, { id }) => {
      return isUuid(id) && (await this.repo.ownerOf(id)) === user.id;
    });
    // The asset catalogue's previews are shown to everyone on the designer page.
    this.media.register('design-assets/', () => true);
    // designs/<userId>/<designId>/...: the owner (and admins); anyone once the design is shared.
    this.media.register('designs/', async (key, user) => {
      const [, ownerId, designId] = key.split('/');
      if (user && (user.id === ownerId || user.role === 'admin')) return true;
      return !!designId && isUuid(designId) && (await this.repo.isShared(designId, ownerId));
    });
  }
}
