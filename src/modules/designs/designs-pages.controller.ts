import { Controller, Get, Inject, NotFoundException, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Public } from '../auth';
import { CreditsService } from '../credits';
import { escapeHtml } from '../../common/escape-html';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { DesignChatService } from './design-chat.service';
import { DesignEditStateService } from './design-edit-state.service';
import { DreamsService } from './dreams.service';
import { DesignGenerationService } from './design-generation.service';
import { DesignAssetsService } from './design-assets.service';
import { sharePath, toPromptJson, toSharedJson } from './designs.mapper';
import { DesignsService } from './designs.service';
import { DesignEditQueryDto, DreamListQueryDto, GalleryQueryDto } from './dto/designs.dto';

/** The designer's Inertia pages (spec 2 "AI designer") and the public shared-image page. */
@Controller()
export class DesignsPagesController {
  constructor(
    private readonly designs: DesignsService,
    private readonly editStates: DesignEditStateService,
    private readonly savedDreams: DreamsService,
    private readonly chats: DesignChatService,
    private readonly generation: DesignGenerationService,
    private readonly credits: CreditsService,
    private readonly assets: DesignAssetsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  private async common(user: User) {
    return {
      credits: await this.credits.balance(user.id),
      cost: this.designs.cost,
      engine: this.generation.providerInfo,
      catalog: await this.assets.catalog(user.id),
    };
  }

  @Get('designer')
  async index(@CurrentUser() user: User) {
    const recent = await this.designs.list(user, { page: 1, perPage: 6 });
    return Inertia.render('Designer/Index', {
      ...(await this.common(user)),
      prompts: (await this.designs.prompts(user)).map(toPromptJson),
      recent: recent.data,
    });
  }

  @Get('designer/gallery')
  async gallery(@CurrentUser() user: User, @Query() q: GalleryQueryDto) {
    const onlyFavorites = q.favorites === '1';
    return Inertia.render('Designer/Gallery', {
      designs: await this.designs.list(user, { page: q.page ?? 1, perPage: 12, favorites: onlyFavorites }),
      favorites: onlyFavorites,
    });
  }

  @Get('designer/:id')
  async show(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    const design = await this.designs.load(user, id);
    return Inertia.render('Designer/Show', { ...(await this.common(user)), design: this.designs.toJson(design) });
  }

  @Get('designer/:id/edit')
  async edit(@CurrentUser() user: User, @Param('id', UuidPipe) id: string, @Query() q: DesignEditQueryDto) {
    const design = await this.designs.loadEditable(user, id);
    return Inertia.render('Designer/Edit', {
      design: this.designs.toJson(design),
      editState: await this.editStates.editState(user, id),
      side: q.currentSide(),
    });
  }

  @Get('designer/:id/chat')
  async chat(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    const design = await this.designs.load(user, id);
    return Inertia.render('Designer/Chat', {
      design: this.designs.toJson(design),
      messages: await this.chats.chat(user, id),
      assistant: this.chats.chatProvider,
    });
  }

  @Get('designer/:id/share')
  async share(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    const design = await this.designs.load(user, id);
    return Inertia.render('Designer/Share', { design: this.designs.toJson(design) });
  }

  /** Public: anyone with the link; Open Graph tags are in the HTML itself for link previews. */
  @Get('shared/designs/:token')
  @Public()
  async shared(@Param('token') token: string, @Res({ passthrough: true }) res: Response) {
    const found = await this.designs.findShared(token);
    if (!found) throw new NotFoundException('This shared design does not exist or is no longer shared.');
    const design = toSharedJson(found.design, found.generated);
    const url = sharePath(token, this.config.appUrl);
    const room = [design.options.theme, design.options.roomType].filter(Boolean).join(' ').toLowerCase() || 'room';
    const og = {
      title: `A ${room} designed with ${this.config.appName}`,
      description: `An AI room design made with ${this.config.appName}'s designer. See the before and after.`,
      image: design.image ? `${this.config.appUrl}${design.image}` : null,
      url,
    };
    const tags = [
      `<meta property="og:type" content="website" />`,
      `<meta property="og:site_name" content="${escapeHtml(this.config.appName)}" />`,
      `<meta property="og:title" content="${escapeHtml(og.title)}" />`,
      `<meta property="og:description" content="${escapeHtml(og.description)}" />`,
      `<meta property="og:url" content="${escapeHtml(og.url)}" />`,
      ...(og.image
        ? [
            `<meta property="og:image" content="${escapeHtml(og.image)}" />`,
            ...(design.image_width
              ? [
                  `<meta property="og:image:width" content="${design.image_width}" />`,
                  `<meta property="og:image:height" content="${design.image_height}" />`,
                ]
              : []),
            `<meta name="twitter:card" content="summary_large_image" />`,
            `<meta name="twitter:image" content="${escapeHtml(og.image)}" />`,
          ]
        : []),
      `<meta name="twitter:title" content="${escapeHtml(og.title)}" />`,
    ].join('\n    ');
    // The first HTML visit (crawlers, link previews) gets the tags server-side; Inertia visits get JSON.
    const send = res.send.bind(res);
    res.send = ((body: unknown) =>
      send(typeof body === 'string' ? body.replace('</head>', `    ${tags}\n  </head>`) : body)) as Response['send'];
    return Inertia.render('Designer/Shared', { design, og, token });
  }

  @Get('dreams')
  async dreams(@CurrentUser() user: User, @Query() q: DreamListQueryDto) {
    return Inertia.render('Dream/Index', { dreams: await this.savedDreams.dreams(user, q.page ?? 1, 12) });
  }

  @Get('dreams/:id')
  async dream(@CurrentUser() user: User, @Param('id', UuidPipe) id: string) {
    return Inertia.render('Dream/Show', { dream: await this.savedDreams.dream(user, id) });
  }
}
