import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import type { Page } from '../../contracts/common';
import type { Design as DesignJson } from '../../contracts/designs';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ValidationFailedException } from '../../common/validation';
import { assertOwned } from '../../common/ownership.policy';
import { CreditsService, InsufficientCreditsException } from '../credits';
import { StorageService } from '../storage';
import type { User } from '../users';
import { DESIGNS_CONFIG, DesignsConfig } from '../../config/designs.config';
import { DESIGN_UPLOAD_MIMES, freshSteps } from './designs.constants';
import { toDesignJson } from './designs.mapper';
import { DesignsRepository } from './designs.repository';
import { DesignGenerationService } from './design-generation.service';
import { DesignShareHolds } from './design-share-holds';
import { Design, DesignOptions, GeneratedDesign, ImageOrientation, SavedPrompt } from './entities';
import type { GenerateDesignDto, RegenerateDesignDto, SavePromptDto } from './dto/designs.dto';
import { DelegationService } from '../open-creative';
import { DesignAssetsService } from './design-assets.service';
import { requireGrant, requireOwner, requireOwnerOrAdmin, requireOwnPrompt } from './designs.policy';
import { isOwnerOrAdmin } from '../policies';

export interface UploadedImage {
  buffer: Buffer;
  originalname?: string;
  mimetype?: string;
  size: number;
}

function orientationOf(width: number, height: number): ImageOrientation {
  if (Math.abs(width - height) / Math.max(width, height) < 0.05) return 'square';
  return width > height ? 'landscape' : 'portrait';
}

function cleanOptions(options: DesignOptions | undefined): DesignOptions {
  const out: DesignOptions = {};
  for (const key of ['roomType', 'designer', 'location', 'theme', 'colors', 'customPrompt'] as const) {
    const value = options?.[key];
    if (typeof value === 'string' && value.trim()) out[key] = value.trim();
  }
  return out;
}

/** Designs of one user: starting generations (credits spent in the same transaction), reading, sharing. */
@Injectable()
export class DesignsService {
  constructor(
    private readonly repo: DesignsRepository,
    @Inject(DESIGNS_CONFIG) private readonly config: DesignsConfig,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
    private readonly storage: StorageService,
    private readonly credits: CreditsService,
    private readonly generation: DesignGenerationService,
    private readonly holds: DesignShareHolds,
    private readonly delegation: DelegationService,
    private readonly clock: Clock,
    private readonly assets: DesignAssetsService,
  ) {}

  get cost(): number {
    return this.config.creditCost;
  }

  toJson(design: Design, generated?: GeneratedDesign[]): DesignJson {
    return toDesignJson(design, generated ?? design.generatedDesigns ?? [], this.appConfig.appUrl);
  }

  /** POST /api/designs/generate: stores the photo, spends the credits, creates the design, queues the job. */
  async generate(user: User, file: UploadedImage | undefined, dto: GenerateDesignDto): Promise<Design> {
    await this.assets.assertStylesHeld(user.id, dto.options);
    if (!file?.buffer?.length) throw ValidationFailedException.of('image', 'Upload a photo of the room.');
    // Cheap early refusal; the conditional UPDATE in spend() is what actually guards the balance.
    if (this.cost > 0 && (await this.credits.balance(user.id)) < this.cost) {
      throw new InsufficientCreditsException(this.cost, await this.credits.balance(user.id));
    }
    const id = randomUUID();
    const stored = await this.storage.storeImage(`designs/${user.id}/${id}`, file.buffer, {
      field: 'image',
      maxBytes: this.config.maxUploadBytes,
      mimes: DESIGN_UPLOAD_MIMES,
    });
    const options = cleanOptions(dto.options);
    try {
      const design = await this.repo.transaction(async (m) => {
        if (this.cost > 0) await this.credits.spend(user.id, this.cost, `Design generation ${id}`, m);
        const generatedId = randomUUID();
        const design = await this.repo.insert(m, {
          id,
          userId: user.id,
          originalImage: stored.key,
          options,
          prompt: dto.prompt || null,
          status: 'pending',
          jobKind: 'generate',
          jobRun: 1,
          activeGeneratedDesignId: generatedId,
          progress: 0,
          currentStep: null,
          progressSteps: freshSteps('generate'),
          creditsCharged: this.cost,
          // The stored photo's real size wins over what the browser measured.
          imageWidth: stored.width,
          imageHeight: stored.height,
          imageOrientation: orientationOf(stored.width, stored.height) ?? dto.image_orientation ?? null,
          provider: this.generation.providerInfo.name,
        });
        await this.insertGenerated(m, {
          id: generatedId,
          design,
          kind: 'generate',
          options,
          prompt: dto.prompt || null,
          source: null,
        });
        return design;
      });
      await this.generation.dispatch(design);
      return this.load(user, design.id);
    } catch (error) {
      if (error instanceof InsufficientCreditsException)
        await this.storage.deletePrefix(`designs/${user.id}/${id}/`).catch(() => undefined);
      throw error;
    }
  }

  /** POST /api/designs/regenerate: a new generated design from an earlier one, with new or the same options. */
  async regenerate(user: User, dto: RegenerateDesignDto): Promise<Design> {
    const source = await this.repo.findGenerated(dto.generatedDesignId);
    if (!source) throw new NotFoundException('There is no generated design with that id.');
    requireOwner(user, source);
    if (source.status !== 'completed') throw new ConflictException('Only a finished design can be regenerated.');
    const options = dto.withOptions ? cleanOptions({ ...source.options, ...dto.options }) : source.options;
    await this.assets.assertStylesHeld(user.id, options);
    return this.startRun(user, source.designId, 'regenerate', { options, prompt: source.prompt, source: source.id });
  }

  /** POST /api/designs/{id}/retry: runs a failed design (or the given failed generated design) again. */
  async retry(user: User, designId: string, generatedDesignId?: string): Promise<Design> {
    const design = await this.owned(user, designId);
    if (design.status !== 'failed') throw new ConflictException('Only a failed design can be retried.');
    const target = generatedDesignId ?? design.activeGeneratedDesignId;
    const failed = target ? await this.repo.findGenerated(target, design.id) : null;
    if (generatedDesignId && !failed)
      throw new NotFoundException('That generated design does not belong to this design.');
    const kind = failed?.kind ?? design.jobKind;
    return this.startRun(user, design.id, kind, {
      options: failed?.options ?? design.options,
      prompt: failed?.prompt ?? design.prompt,
      source: failed?.sourceGeneratedDesignId ?? null,
      reuse: failed && failed.status === 'failed' ? failed.id : undefined,
    });
  }

  private async startRun(
    user: User,
    designId: string,
    kind: 'generate' | 'regenerate',
    spec: { options: DesignOptions; prompt: string | null; source: string | null; reuse?: string },
  ): Promise<Design> {
    const design = await this.repo.transaction(async (m) => {
      const design = assertOwned(await this.repo.lock(m, designId), user.id, 'design');
      if (design.status === 'pending' || design.status === 'processing')
        throw new ConflictException('This design is already being generated. Wait for it to finish.');
      if (this.cost > 0) await this.credits.spend(user.id, this.cost, `Design ${kind} ${design.id}`, m);
      let generatedId = spec.reuse;
      if (generatedId) {
        await this.repo.updateGenerated(
          generatedId,
          { status: 'pending', failureReason: null, provider: this.generation.providerInfo.name },
          m,
        );
      } else {
        generatedId = randomUUID();
        await this.insertGenerated(m, {
          id: generatedId,
          design,
          kind,
          options: spec.options,
          prompt: spec.prompt,
          source: spec.source,
        });
      }
      const next = {
        status: 'pending' as const,
        jobKind: kind,
        jobRun: design.jobRun + 1,
        activeGeneratedDesignId: generatedId,
        progress: 0,
        currentStep: null,
        progressSteps: freshSteps(kind),
        failureReason: null,
        creditsCharged: this.cost,
        provider: this.generation.providerInfo.name,
      };
      await this.repo.update(design.id, next, m);
      return Object.assign(design, next);
    });
    await this.generation.dispatch(design);
    return this.load(user, design.id);
  }

  private insertGenerated(
    m: EntityManager,
    g: {
      id: string;
      design: Design;
      kind: 'generate' | 'regenerate';
      options: DesignOptions;
      prompt: string | null;
      source: string | null;
    },
  ) {
    return this.repo.insertGenerated(m, {
      id: g.id,
      designId: g.design.id,
      userId: g.design.userId,
      kind: g.kind,
      status: 'pending',
      options: g.options,
      prompt: g.prompt,
      provider: this.generation.providerInfo.name,
      sourceGeneratedDesignId: g.source,
    });
  }

  /** The design with its generated designs, if it is this user's (403 otherwise, 404 when unknown). */
  async load(user: User, id: string): Promise<Design> {
    const design = await this.owned(user, id);
    design.generatedDesigns = await this.repo.generatedOf([design.id]);
    return design;
  }

  /** For reading: the owner, an admin, or a creative manager with an active designs:read grant (logged). */
  async viewable(user: User, id: string): Promise<Design> {
    const design = await this.repo.find(id);
    if (!design) throw new NotFoundException('There is no design with that id.');
    if (!isOwnerOrAdmin(user, design.userId)) {
      requireGrant(await this.delegation.can(user.id, design.userId, 'designs:read'));
      await this.delegation.act(user.id, design.userId, 'designs:read', {
        type: 'design',
        id,
        summary: 'Viewed a design',
      });
    }
    design.generatedDesigns = await this.repo.generatedOf([design.id]);
    return design;
  }

  /**
   * For changing: the owner or an admin (`delegated: false`), or a creative manager with an active designs:edit
   * grant from the owner (`delegated: true`: the change goes through `changeDelegated`); 403 otherwise.
   */
  async editable(user: User, id: string): Promise<{ design: Design; delegated: boolean }> {
    const design = await this.repo.find(id);
    if (!design) throw new NotFoundException('There is no design with that id.');
    if (isOwnerOrAdmin(user, design.userId)) return { design, delegated: false };
    requireGrant(await this.delegation.can(user.id, design.userId, 'designs:edit'));
    return { design, delegated: true };
  }

  /** The edit view's design with its generated designs: whoever `editable` lets change it. */
  async loadEditable(user: User, id: string): Promise<Design> {
    const { design } = await this.editable(user, id);
    design.generatedDesigns = await this.repo.generatedOf([design.id]);
    return design;
  }

  /** A manager's change to the design: the grant checked again, the write and its log line in one transaction. */
  changeDelegated<T>(user: User, design: Design, summary: string, write: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.delegation.actWith(
      user.id,
      design.userId,
      'designs:edit',
      { type: 'design', id: design.id, summary },
      write,
    );
  }

  async owned(user: User, id: string): Promise<Design> {
    const design = await this.repo.find(id);
    if (!design) throw new NotFoundException('There is no design with that id.');
    requireOwnerOrAdmin(user, design);
    return design;
  }

  async list(
    user: User,
    opts: { page: number; perPage: number; favorites?: boolean; status?: string },
  ): Promise<Page<DesignJson>> {
    const [rows, total] = await this.repo.page(user.id, {
      offset: (opts.page - 1) * opts.perPage,
      limit: opts.perPage,
      favorites: opts.favorites,
      status: opts.status,
    });
    const generated = await this.repo.generatedOf(rows.map((r) => r.id));
    const data = rows.map((d) =>
      this.toJson(
        d,
        generated.filter((g) => g.designId === d.id),
      ),
    );
    return pageOf(data, opts.page, opts.perPage, total);
  }

  async setFavorite(user: User, id: string, favorite?: boolean): Promise<Design> {
    const design = await this.owned(user, id);
    await this.repo.update(id, { favorite: favorite ?? !design.favorite });
    return this.load(user, id);
  }

  async remove(user: User, id: string): Promise<void> {
    const design = await this.owned(user, id);
    if (design.status === 'pending' || design.status === 'processing')
      throw new ConflictException('Wait for the design to finish before deleting it.');
    const held = await this.holds.reason(design, 'delete');
    if (held) throw new ConflictException(held);
    await this.repo.delete(id);
    await this.storage.deletePrefix(`designs/${design.userId}/${design.id}/`).catch(() => undefined);
  }

  async share(user: User, id: string): Promise<Design> {
    const design = await this.owned(user, id);
    if (design.status !== 'completed' && !design.image)
      throw new ConflictException('Only a generated design can be shared.');
    if (!design.shareToken)
      await this.repo.update(id, { shareToken: randomBytes(18).toString('base64url'), sharedAt: this.clock.now() });
    return this.load(user, id);
  }

  /** Turns sharing off, unless another area holds the design public (409 with that area's reason; deleting too). */
  async unshare(user: User, id: string): Promise<Design> {
    const design = await this.owned(user, id);
    const held = await this.holds.reason(design, 'unshare');
    if (held) throw new ConflictException(held);
    await this.repo.update(id, { shareToken: null });
    return this.load(user, id);
  }

  async findShared(token: string): Promise<{ design: Design; generated: GeneratedDesign[] } | null> {
    if (!/^[A-Za-z0-9_-]{10,64}$/.test(token)) return null;
    const design = await this.repo.findByShareToken(token);
    if (!design) return null;
    const generated = await this.repo.generatedOf([design.id]);
    return { design, generated };
  }

  // ---- saved prompts ----

  prompts(user: User): Promise<SavedPrompt[]> {
    return this.repo.prompts(user.id);
  }

  async savePrompt(user: User, dto: SavePromptDto): Promise<SavedPrompt> {
    const count = await this.repo.countPrompts(user.id);
    if (count >= 100)
      throw ValidationFailedException.of('name', 'You can keep up to 100 saved prompts: delete one first.');
    return this.repo.savePrompt({
      userId: user.id,
      name: dto.name,
      prompt: dto.prompt,
      options: cleanOptions(dto.options),
    });
  }

  async deletePrompt(user: User, id: string): Promise<void> {
    const prompt = await this.repo.findPrompt(id);
    if (!prompt) throw new NotFoundException('There is no saved prompt with that id.');
    requireOwnPrompt(user, prompt);
    await this.repo.deletePrompt(id);
  }

  /** Designs started in [start, end) that completed and failed, for the admin metrics rollup. */
  outcomesBetween(start: Date, end: Date): Promise<{ completed: number; failed: number }> {
    return this.repo.outcomesBetween(start, end);
  }

  /** Designs shared by link in [start, end), per owner (the creator metrics rollup). */
  sharesBetween(start: Date, end: Date): Promise<Array<{ userId: string; count: number }>> {
    return this.repo.sharesBetween(start, end);
  }

  /** Who started a design on each UTC day in [start, end). */
  activeUserDays(start: Date, end: Date): Promise<Array<{ day: string; userId: string }>> {
    return this.repo.activeUserDays(start, end);
  }
}
