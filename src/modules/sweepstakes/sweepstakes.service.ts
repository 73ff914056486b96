import { Injectable, NotFoundException } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import type {
  MyEntryStatus,
  SweepstakesAdmin,
  SweepstakesPage,
  SweepstakesPublic,
  SweepstakesState,
} from '../../contracts/sweepstakes';
import type { User } from '../users';
import type { AdminListQueryDto, PublicListQueryDto } from './dto/sweepstakes.dto';
import type { Sweepstakes } from './entities/sweepstakes.entity';
import { toAdmin, toPublic, toSummary } from './sweepstakes.mapper';
import { PUBLIC_STATES, SWEEPSTAKES_STATES } from './sweepstakes.constants';
import { SweepstakesEntrantsRepository } from './sweepstakes-entrants.repository';
import { SweepstakesRepository } from './sweepstakes.repository';
import { entrantRef, periodKey, shareCap } from './sweepstakes.rules';

/** Reads: the admin and public lists, the admin detail, the public landing and the viewer's own standing. */
@Injectable()
export class SweepstakesService {
  constructor(
    private readonly repo: SweepstakesRepository,
    private readonly entrants: SweepstakesEntrantsRepository,
    private readonly clock: Clock,
  ) {}

  async adminList(q: AdminListQueryDto): Promise<SweepstakesPage> {
    const { page, perPage, offset } = q.window(20);
    const states: SweepstakesState[] = q.state ? [q.state] : SWEEPSTAKES_STATES;
    const [rows, total] = await this.repo.list(states, offset, perPage);
    return pageOf(rows.map(toSummary), page, perPage, total);
  }

  async publicList(q: PublicListQueryDto): Promise<SweepstakesPage> {
    const { page, perPage, offset } = q.window(12);
    const [rows, total] = await this.repo.list(PUBLIC_STATES, offset, perPage);
    return pageOf(rows.map(toSummary), page, perPage, total);
  }

  async adminDetail(id: string): Promise<SweepstakesAdmin> {
    const s = await this.load(id);
    const [amendments, winners, sources, audit, excluded, exclusions] = await Promise.all([
      this.repo.amendments(id),
      this.repo.winners(id),
      this.repo.entriesBySource(id),
      this.repo.auditTrail(id),
      this.entrants.exclusionCounts(id),
      this.entrants.exclusions(id),
    ]);
    return toAdmin(s, { amendments, winners, sources, audit, excluded, exclusions });
  }

  async publicDetail(id: string): Promise<SweepstakesPublic> {
    const s = await this.loadPublic(id);
    const [amendments, winners, excluded] = await Promise.all([
      this.repo.amendments(id),
      this.repo.winners(id),
      this.entrants.exclusionCounts(id),
    ]);
    return toPublic(s, amendments, winners, excluded);
  }

  /** The viewer's entries, whether they may enter now (and why not), and their prize if they won one. */
  async myStatus(id: string, user: User): Promise<MyEntryStatus> {
    const s = await this.loadPublic(id);
    const [mine, winner, shareCode] = await Promise.all([
      this.repo.entriesOf(id, user.id),
      this.repo.winnerOf(id, user.id),
      this.entrants.shareCodeOf(id, user.id),
    ]);
    const reason = this.entryBlocker(s, user, mine.periods);
    return {
      entries: mine.total,
      pending_entries: mine.pending,
      share_code: shareCode,
      shares: { earned: mine.shares, cap: shareCap(s.rules) },
      can_enter: reason === null,
      reason,
      entrant_ref: entrantRef(id, user.id),
      winner:
        winner && winner.prizeIndex !== null
          ? { id: winner.id, status: winner.status, claim_deadline: winner.claimDeadline?.toISOString() ?? null }
          : null,
    };
  }

  /** Why `user` cannot enter now, or null. The entries service enforces the same answers as 4xx errors. */
  entryBlocker(s: Sweepstakes, user: User, periodsEntered: string[]): string | null {
    const now = this.clock.now();
    if (s.state !== 'open' || now.getTime() < s.opensAt.getTime()) {
      return s.state === 'scheduled' || s.state === 'draft'
        ? 'This sweepstakes has not opened yet.'
        : 'This sweepstakes has closed.';
    }
    if (now.getTime() >= s.closesAt.getTime()) return 'This sweepstakes has closed.';
    if (!user.emailVerifiedAt) return 'Verify your email address to enter.';
    if (periodsEntered.includes(periodKey(s.rules, now))) {
      return s.rules.entry_period === 'daily'
        ? 'You have already entered today.'
        : 'You have already entered this sweepstakes.';
    }
    return null;
  }

  /** The frozen entrant list in canonical text, in chunks (404 until the sweepstakes has closed). */
  async entrantList(id: string): Promise<AsyncGenerator<string>> {
    const s = await this.loadPublic(id);
    if (!s.frozenAt) throw new NotFoundException('The entrant list is published when the sweepstakes closes.');
    return this.repo.canonicalListChunks(id);
  }

  async loadPublic(id: string): Promise<Sweepstakes> {
    const s = await this.load(id);
    if (!PUBLIC_STATES.includes(s.state)) throw new NotFoundException('Sweepstakes not found.');
    return s;
  }

  async load(id: string): Promise<Sweepstakes> {
    const s = await this.repo.find(id, { withSeed: true });
    if (!s) throw new NotFoundException('Sweepstakes not found.');
    return s;
  }
}
