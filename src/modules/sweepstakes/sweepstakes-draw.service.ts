import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { DrawStep, SweepstakesAdmin } from '../../contracts/sweepstakes';
import { JobsService } from '../jobs';
import type { JobContext } from '../jobs';
import type { User } from '../users';
import { canonicalEntrantList, drawPicks, entrantListHash } from './draw/fair-draw';
import type { DrawDto } from './dto/sweepstakes.dto';
import type { Sweepstakes } from './entities/sweepstakes.entity';
import { SweepstakesClaimsService } from './sweepstakes-claims.service';
import { SWEEPSTAKES_CONFIG, type SweepstakesConfig } from '../../config/sweepstakes.config';
import { DRAW_JOB, DRAW_QUEUE, DRAW_RESUME_AFTER_MS } from './sweepstakes.constants';
import { SweepstakesLive } from './sweepstakes-live.service';
import { SweepstakesRepository } from './sweepstakes.repository';
import { assignPicks, describeExclusions, describeFlags, fraudFlags, initialDrawSteps } from './sweepstakes.rules';
import { SweepstakesEntrantsRepository } from './sweepstakes-entrants.repository';
import { SweepstakesService } from './sweepstakes.service';

export interface DrawJobData {
  sweepstakesId: string;
}

/**
 * The draw: an admin starts it once (state guard under a row lock), a job runs it with live progress steps, the
 * pure algorithm in draw/fair-draw.ts picks people from the frozen list, fraud checks pass over flagged picks, and
 * the seed is revealed so anyone can recompute the outcome.
 */
@Injectable()
export class SweepstakesDrawService {
  private readonly logger = new Logger('SweepstakesDraw');

  constructor(
    private readonly repo: SweepstakesRepository,
    private readonly entrants: SweepstakesEntrantsRepository,
    private readonly sweepstakes: SweepstakesService,
    private readonly claims: SweepstakesClaimsService,
    private readonly live: SweepstakesLive,
    private readonly jobs: JobsService,
    private readonly clock: Clock,
    @Inject(SWEEPSTAKES_CONFIG) private readonly config: SweepstakesConfig,
  ) {}

  /**
   * Moves closed -> drawing exactly once: parallel requests queue on the row lock and all but one get 409. A draw
   * whose job died (state still `drawing` long after it started) may be resumed: the same job on the same committed
   * inputs, which can only give the same outcome, so a resume is never a new draw.
   */
  async start(admin: User, id: string, dto: DrawDto): Promise<SweepstakesAdmin> {
    const resumed = await this.repo.transaction(async (tx) => {
      const s = await tx.find(id, { lock: true });
      if (!s) throw new NotFoundException('Sweepstakes not found.');
      const stale =
        s.state === 'drawing' && this.clock.nowMs() - (s.drawStartedAt?.getTime() ?? 0) > DRAW_RESUME_AFTER_MS;
      if (stale) {
        await tx.audit(id, admin.id, 'draw_resumed', {});
        return true;
      }
      if (s.state === 'drawing' || s.state === 'drawn')
        throw new ConflictException('This sweepstakes has already been drawn.');
      if (s.state !== 'closed') throw new ConflictException(`Close the sweepstakes before drawing; it is ${s.state}.`);
      if (s.entrantCount === 0) throw new ConflictException('Nobody entered: there is nothing to draw.');
      await tx.update(id, {
        state: 'drawing',
        beacon: dto.beacon || null,
        drawStartedAt: this.clock.now(),
        drawSteps: initialDrawSteps(),
      });
      await tx.audit(id, admin.id, 'draw_started', { beacon: dto.beacon || null });
      return false;
    });
    const jobId = resumed ? `sweepstakes-draw:${id}:${this.clock.nowMs()}` : `sweepstakes-draw:${id}`;
    await this.jobs.dispatch<DrawJobData>(DRAW_QUEUE, DRAW_JOB, { sweepstakesId: id }, { jobId, attempts: 3 });
    return this.sweepstakes.adminDetail(id);
  }

  /** The job. Re-entrant: a second run (retry, duplicate delivery) finds the state moved on and does nothing. */
  async run(id: string, ctx?: JobContext): Promise<'drawn' | 'skipped'> {
    const s = await this.repo.find(id, { withSeed: true });
    if (!s || s.state !== 'drawing' || !s.serverSeed || !s.entrantsHash) return 'skipped';
    const steps = initialDrawSteps();
    // Each step is stored and pushed only while this sweepstakes is still drawing; a duplicate run that finds it
    // finished (by another run) stops there instead of overwriting the final steps.
    const report = async (key: DrawStep['key'], detail: string): Promise<boolean> => {
      Object.assign(
        steps.find((x) => x.key === key)!,
        { done: true, detail },
      );
      if (!(await this.repo.updateDrawSteps(id, steps))) return false;
      await this.live.drawProgress({ id, state: 'drawing', drawSteps: steps });
      await ctx?.progress(Math.round((steps.filter((x) => x.done).length / steps.length) * 100)).catch(() => undefined);
      return true;
    };

    const entrants = await this.repo.entrantsForDraw(id);
    const entryTotal = entrants.reduce((n, e) => n + e.entries, 0);
    if (!(await report('loaded', `${entryTotal.toLocaleString('en-US')} entries`))) return 'skipped';

    const list = entrants.map((e) => ({ ref: e.ref, entries: e.entries }));
    const hash = entrantListHash(canonicalEntrantList(list));
    if (hash !== s.entrantsHash) throw new Error(`Frozen entrant list of ${id} does not match its published hash.`);
    const people = `${list.length.toLocaleString('en-US')} people; list hash ${hash.slice(0, 12)}…`;
    if (!(await report('deduplicated', people))) return 'skipped';

    // The freeze's exclusions (never in the list) and the fraud flags (picks passed over), each with its reason.
    const excluded = describeExclusions(await this.entrants.exclusionCounts(id));
    const flags = fraudFlags(entrants, s.closesAt, this.config);
    if (!(await report('fraud_checks', `${excluded}; ${describeFlags(flags)}`))) return 'skipped';

    const picks = drawPicks({
      entrants: list,
      seedHex: s.serverSeed,
      entrantsHash: hash,
      beacon: s.beacon,
      picks: s.picksRequested,
    });
    if (!(await report('shuffled', `${picks.length} ordered picks`))) return 'skipped';

    const assigned = assignPicks(picks, flags, s.rules.prizes.length);
    const winners = assigned.filter((a) => a.status === 'notified').length;
    Object.assign(steps[4], {
      done: true,
      detail: `${winners} winner(s), ${assigned.length - winners} alternate(s) or passed over`,
    });
    const userOf = new Map(entrants.map((e) => [e.ref, e.userId]));
    if (!(await this.commit(s, assigned, userOf, steps))) return 'skipped';
    await this.live.drawProgress({ id, state: 'drawn', drawSteps: steps });
    await ctx?.progress(100).catch(() => undefined);
    await this.claims.notifyNewWinners(id);
    return 'drawn';
  }

  private commit(
    s: Sweepstakes,
    assigned: ReturnType<typeof assignPicks>,
    userOf: Map<string, string>,
    steps: DrawStep[],
  ): Promise<boolean> {
    const now = this.clock.now();
    const deadline = this.claims.deadlineFrom(s, now);
    return this.repo.transaction(async (tx) => {
      const locked = await tx.find(s.id, { lock: true });
      if (locked?.state !== 'drawing') return false;
      await tx.insertWinners(
        assigned.map((a) => ({
          sweepstakesId: s.id,
          userId: userOf.get(a.ref)!,
          entrantRef: a.ref,
          entries: a.entries,
          rank: a.rank,
          prizeIndex: a.prizeIndex,
          status: a.status,
          disqualifyReason: a.disqualifyReason,
          notifiedAt: a.status === 'notified' ? now : null,
          claimDeadline: a.status === 'notified' ? deadline : null,
        })),
      );
      await tx.update(s.id, { state: 'drawn', drawnAt: now, drawSteps: steps });
      const disqualified = assigned
        .filter((a) => a.status === 'disqualified')
        .map((a) => ({ ref: a.ref, reason: a.disqualifyReason }));
      await tx.audit(s.id, null, 'drawn', { picks: assigned.length, disqualified, seed_revealed: true });
      return true;
    });
  }
}
