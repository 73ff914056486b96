import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { UnrecoverableError } from 'bullmq';
import { sharp } from '../../common/sharp';
import type { EntityManager } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { CreditsService } from '../credits';
import { JobRegistry, JobsService, type JobContext } from '../jobs';
import { StorageService } from '../storage';
import { UsageService } from '../usage';
import { DESIGNS_CONFIG, DesignsConfig } from '../../config/designs.config';
import { freshSteps, SWEEP_INTERVAL_MS, WORKING_MAX_SIDE } from './designs.constants';
import { toDesignJson } from './designs.mapper';
import { DesignsRepository } from './designs.repository';
import { DesignEvents } from './design-events';
import { Design, GeneratedDesign } from './entities';
import { buildPrompt } from './prompts';
import { DesignAssetsService } from './design-assets.service';
import { IMAGE_PROVIDER, ImageProvider, ProviderError, upscale2x } from './providers';
import { Clock } from '../../common/clock';

export interface GenerateJobData {
  designId: string;
  run: number;
}

export const jobIdFor = (designId: string, run: number) => `design-${designId}-r${run}`;

const FRIENDLY_FAILURE = 'The design could not be generated. Your credits were refunded.';

/**
 * Runs the designs:generate job (the same handler on BullMQ workers and in-process), reports
 * each step of spec 4 to the database and the design's private channel, and settles a design
 * that fails for good: marked failed with a reason and its credits refunded exactly once.
 */
@Injectable()
export class DesignGenerationService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('DesignGeneration');
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: DesignsRepository,
    @Inject(DESIGNS_CONFIG) private readonly config: DesignsConfig,
    @Inject(APP_CONFIG) private readonly appConfig: AppConfig,
    @Inject(IMAGE_PROVIDER) private readonly provider: ImageProvider,
    private readonly registry: JobRegistry,
    private readonly jobs: JobsService,
    private readonly storage: StorageService,
    private readonly credits: CreditsService,
    private readonly usage: UsageService,
    private readonly events: DesignEvents,
    private readonly assets: DesignAssetsService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.register<GenerateJobData>('designs', 'generate', { handle: (data, ctx) => this.run(data, ctx) });
    if (this.appConfig.env !== 'test') {
      this.sweeper = setInterval(
        () => void this.sweep().catch((e: Error) => this.logger.warn(`sweep failed: ${e.message}`)),
        SWEEP_INTERVAL_MS,
      );
      this.sweeper.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.sweeper) clearInterval(this.sweeper);
  }

  get providerInfo(): { name: string; label: string; model: string } {
    return { name: this.provider.name, label: this.provider.label, model: this.provider.model };
  }

  /** Queues the job for the design's current run; if even that fails, the design fails and is refunded. */
  async dispatch(design: Design): Promise<void> {
    try {
      await this.jobs.dispatch<GenerateJobData>(
        'designs',
        'generate',
        { designId: design.id, run: design.jobRun },
        {
          attempts: this.config.jobAttempts,
          backoffMs: this.config.jobBackoffMs,
          jobId: jobIdFor(design.id, design.jobRun),
        },
      );
    } catch (error) {
      this.logger.error(`could not queue design ${design.id}: ${(error as Error).message}`);
      await this.failForGood(
        design.id,
        design.jobRun,
        'The design could not be queued. Your credits were refunded; try again shortly.',
      );
      throw error;
    }
  }

  async run(
    { designId, run }: GenerateJobData,
    ctx: JobContext,
  ): Promise<{ generatedDesignId: string } | { skipped: string }> {
    const design = await this.repo.find(designId);
    if (!design || design.jobRun !== run) return { skipped: 'stale run' };
    if (design.status === 'completed' || design.status === 'failed') return { skipped: `already ${design.status}` };
    const generated = design.activeGeneratedDesignId
      ? await this.repo.findGenerated(design.activeGeneratedDesignId)
      : null;
    if (!generated) {
      await this.failForGood(designId, run, 'The design to generate is missing.');
      return { skipped: 'missing generated design' };
    }

    const kind = design.jobKind;
    const steps = freshSteps(kind);
    let index = -1;
    const report = async (status: 'in_progress' | 'completed') => {
      const current = steps[index];
      current.status = status;
      current.completed = status === 'completed';
      const done = steps.filter((s) => s.completed).length;
      design.progress = Math.round(((status === 'completed' ? done : done + 0.25) / steps.length) * 100);
      design.currentStep = current.message;
      design.progressSteps = steps.map((s) => ({ ...s }));
      design.status = 'processing';
      await this.repo.updateRun(design.id, run, {
        progress: design.progress,
        currentStep: design.currentStep,
        progressSteps: design.progressSteps,
        status: 'processing',
      });
      await ctx.progress(design.progress).catch(() => undefined);
      await this.events.progress(design);
    };
    const step = async <T>(work: () => Promise<T>): Promise<T> => {
      index += 1;
      await report('in_progress');
      const result = await work();
      if (index < steps.length - 1) await report('completed');
      return result;
    };

    const started = performance.now();
    let usageLogged = false;
    try {
      if (kind === 'generate') {
        await step(async () => {
          await this.markProcessing(design, generated, run);
        });
        const source = await step(() => this.loadWorkingImage(design.originalImage));
        const result = await step(() =>
          this.callProvider(design, generated, source, kind, run, () => (usageLogged = true)),
        );
        const hd = await step(() => upscale2x(result.image));
        await step(() =>
          this.finish(design, generated, result.image, hd.image, result.width, result.height, result.model),
        );
      } else {
        const source = await step(async () => {
          await this.markProcessing(design, generated, run);
          return this.loadWorkingImage(design.originalImage);
        });
        const result = await step(() =>
          this.callProvider(design, generated, source, kind, run, () => (usageLogged = true)),
        );
        const hd = await step(async () =>
          upscale2x(await sharp(result.image).sharpen({ sigma: 0.6 }).jpeg({ quality: 90 }).toBuffer()),
        );
        await step(() =>
          this.finish(design, generated, result.image, hd.image, result.width, result.height, result.model),
        );
      }
      await ctx.progress(100).catch(() => undefined);
      this.logger.debug?.(`design ${design.id} ${kind} done in ${Math.round(performance.now() - started)} ms`);
      return { generatedDesignId: generated.id };
    } catch (error) {
      const err = error as Error;
      const permanent = (err instanceof ProviderError && !err.retryable) || err instanceof UnrecoverableError;
      const last = permanent || ctx.attempt >= this.config.jobAttempts;
      if (!usageLogged && err instanceof ProviderError) {
        await this.usage.record({
          userId: design.userId,
          kind: 'image',
          provider: this.provider.name,
          model: this.provider.model,
          operation: kind,
          units: 0,
          unit: 'image',
          subjectId: design.id,
          succeeded: false,
        });
      }
      this.logger.warn(
        `design ${design.id} attempt ${ctx.attempt}/${this.config.jobAttempts} failed${last ? ' for good' : ''}: ${err.message}`,
      );
      if (last) {
        const reason =
          err instanceof ProviderError ? `${err.message.slice(0, 300)}. Your credits were refunded.` : FRIENDLY_FAILURE;
        await this.failForGood(design.id, run, reason);
        // Let the queue record the failure without retrying it.
        throw new UnrecoverableError(err.message);
      }
      throw err;
    }
  }

  private async markProcessing(design: Design, generated: GeneratedDesign, run: number): Promise<void> {
    await this.repo.updateRun(design.id, run, { status: 'processing', failureReason: null });
    await this.repo.updateGenerated(generated.id, { status: 'processing' });
  }

  private async loadWorkingImage(key: string): Promise<{ image: Buffer; width: number; height: number }> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.read(key)) chunks.push(chunk as Buffer);
    const { data, info } = await sharp(Buffer.concat(chunks))
      .rotate()
      .resize({ width: WORKING_MAX_SIDE, height: WORKING_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 92 })
      .toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height };
  }

  private async callProvider(
    design: Design,
    generated: GeneratedDesign,
    source: { image: Buffer; width: number; height: number },
    kind: 'generate' | 'regenerate',
    run: number,
    logged: () => void,
  ): Promise<{ image: Buffer; width: number; height: number; model: string }> {
    const result = await this.provider.generate({
      image: source.image,
      width: source.width,
      height: source.height,
      options: generated.options,
      prompt: buildPrompt(generated.options, generated.prompt, await this.assets.promptFragments(generated.options)),
      kind,
      seed: seedOf(design.id, run),
    });
    logged();
    await this.usage.record({
      userId: design.userId,
      kind: 'image',
      provider: this.provider.name,
      model: result.model,
      operation: kind,
      units: result.usage.units,
      unit: result.usage.unit,
      inputTokens: result.usage.inputTokens ?? null,
      outputTokens: result.usage.outputTokens ?? null,
      costUsd: result.usage.costUsd,
      durationMs: result.usage.durationMs,
      subjectId: design.id,
    });
    // Normalise whatever the provider sent (PNG/WebP/any size) to a JPEG the size of the working photo.
    const { data, info } = await sharp(result.image, { failOn: 'error' })
      .rotate()
      .resize({ width: source.width, height: source.height, fit: 'cover' })
      .removeAlpha()
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true })
      .catch(() => {
        throw new ProviderError(`${this.provider.label} returned a file that is not an image`, false);
      });
    return { image: data, width: info.width, height: info.height, model: result.model };
  }

  private async finish(
    design: Design,
    generated: GeneratedDesign,
    image: Buffer,
    hd: Buffer,
    width: number,
    height: number,
    model: string,
  ): Promise<void> {
    const base = `designs/${design.userId}/${design.id}/${generated.id}`;
    const stored = await this.storage.put(`${base}.jpg`, image, 'image/jpeg');
    const storedHd = await this.storage.put(`${base}-hd.jpg`, hd, 'image/jpeg');
    const completedAt = this.clock.now();
    const steps = design.progressSteps.map((s) => ({ ...s, status: 'completed' as const, completed: true }));
    const settled = await this.repo.transaction(async (m) => {
      const current = await this.repo.lock(m, design.id);
      if (!current || current.jobRun !== design.jobRun || current.status === 'failed') return null;
      await this.repo.updateGenerated(
        generated.id,
        {
          status: 'completed',
          image: stored.key,
          highResImage: storedHd.key,
          width,
          height,
          model,
          completedAt,
          failureReason: null,
        },
        m,
      );
      await this.repo.update(
        design.id,
        {
          status: 'completed',
          image: stored.key,
          highResImage: storedHd.key,
          progress: 100,
          currentStep: steps[steps.length - 1].message,
          progressSteps: steps,
          creditsCharged: 0,
          completedAt,
          failureReason: null,
        },
        m,
      );
      return this.repo.withGenerated(m, design.id);
    });
    if (!settled) {
      await this.storage.delete(stored.key).catch(() => undefined);
      await this.storage.delete(storedHd.key).catch(() => undefined);
      return;
    }
    Object.assign(design, {
      status: 'completed',
      progress: 100,
      progressSteps: steps,
      currentStep: settled.currentStep,
    });
    await this.events.progress(settled);
    const json = toDesignJson(settled);
    // Keep the live payload small: the last ten generated designs (the page refetches for more).
    json.generatedDesigns = json.generatedDesigns.slice(-10);
    await this.events.generated(json, generated.id);
  }

  /**
   * Marks the design failed with a reason and refunds its credits, once: the row is locked and
   * only a design still pending/processing on this run is settled (credits_charged then goes to 0).
   */
  async failForGood(designId: string, run: number, reason: string, manager?: EntityManager): Promise<boolean> {
    const work = async (m: EntityManager) => {
      const design = await this.repo.lock(m, designId);
      if (!design || design.jobRun !== run || (design.status !== 'pending' && design.status !== 'processing'))
        return null;
      if (design.creditsCharged > 0)
        await this.credits.refund(design.userId, design.creditsCharged, `Refund: design ${design.id} failed`, m);
      await this.repo.update(
        design.id,
        { status: 'failed', failureReason: reason.slice(0, 500), creditsCharged: 0 },
        m,
      );
      if (design.activeGeneratedDesignId)
        await this.repo.failGenerated(m, design.activeGeneratedDesignId, reason.slice(0, 500));
      return { ...design, status: 'failed' as const, failureReason: reason };
    };
    const failed = manager ? await work(manager) : await this.repo.transaction(work);
    if (failed) await this.events.progress(failed as Design, reason);
    return Boolean(failed);
  }

  /** Designs whose job vanished (worker lost for good, in-process restart): failed and refunded. */
  async sweep(now = this.clock.nowMs()): Promise<number> {
    const stale = await this.repo.stale(new Date(now - this.config.staleAfterMs));
    let settled = 0;
    for (const design of stale) {
      if (this.jobs.mode === 'bullmq') {
        const job = await this.jobs.bullQueue('designs').getJob(jobIdFor(design.id, design.jobRun));
        const state = job ? await job.getState() : 'unknown';
        if (
          state === 'waiting' ||
          state === 'active' ||
          state === 'delayed' ||
          state === 'prioritized' ||
          state === 'waiting-children'
        )
          continue;
      }
      if (
        await this.failForGood(
          design.id,
          design.jobRun,
          'The design generation stopped responding. Your credits were refunded.',
        )
      )
        settled++;
    }
    return settled;
  }
}

function seedOf(id: string, run: number): number {
  let h = 2166136261;
  for (const c of `${id}:${run}`) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return (h >>> 0) % 1_000_000;
}
