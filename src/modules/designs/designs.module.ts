import { Inject, Module, OnModuleInit, Optional } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { ChannelRegistry } from '../realtime/channel-registry.service';
import { MediaAccessRegistry } from '../storage/media-access.registry';
import { isUuid } from '../../common/uuid.pipe';
import { LocalTextProvider } from './chat/local-text.provider';
import { OpenAiChatProvider } from './chat/openai-chat.provider';
import { TEXT_PROVIDER } from './chat/text-provider';
import { DesignEvents } from './design-events';
import { DesignExtrasService } from './design-extras.service';
import { DesignGenerationService } from './design-generation.service';
import { DesignsApiController } from './designs-api.controller';
import { DESIGNS_CONFIG, DesignsConfig, loadDesignsConfig } from './designs.config';
import { DesignsPagesController } from './designs-pages.controller';
import { DesignsService } from './designs.service';
import { createImageProvider, IMAGE_PROVIDER } from './providers';

/**
 * AI room designer: generation on the `designs` queue with live progress on `design.{id}`,
 * credits, image providers, gallery, sharing, edit state, dreams and design chat.
 */
@Module({
  controllers: [DesignsApiController, DesignsPagesController],
  providers: [
    { provide: DESIGNS_CONFIG, useFactory: () => loadDesignsConfig() },
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
    DesignGenerationService,
    DesignsService,
    DesignExtrasService,
  ],
  exports: [DesignsService, DesignGenerationService],
})
export class DesignsModule implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly media: MediaAccessRegistry,
    @Optional() @Inject(ChannelRegistry) private readonly channels?: ChannelRegistry,
  ) {}

  onModuleInit(): void {
    // Only the owner listens to a design's progress.
    this.channels?.register('design.{id}', async (user, { id }) => {
      if (!isUuid(id)) return false;
      const rows: Array<{ user_id: string }> = await this.db.query(`SELECT user_id FROM designs WHERE id = $1`, [id]);
      return rows[0]?.user_id === user.id;
    });
    // designs/<userId>/<designId>/...: the owner (and admins); anyone once the design is shared.
    this.media.register('designs/', async (key, user) => {
      const [, ownerId, designId] = key.split('/');
      if (user && (user.id === ownerId || user.role === 'admin')) return true;
      if (!designId || !isUuid(designId)) return false;
      const rows: Array<{ shared: boolean }> = await this.db.query(
        `SELECT share_token IS NOT NULL AS shared FROM designs WHERE id = $1 AND user_id::text = $2`,
        [designId, ownerId],
      );
      return rows[0]?.shared === true;
    });
  }
}
