import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { Clock, DAY_MS } from '../../common/clock';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { ValidationFailedException } from '../../common/validation';
import type { ClaimState, DisqualifyReason, SweepstakesAdmin } from '../../contracts/sweepstakes';
import { TimersService } from '../jobs';
import { MailService } from '../mail';
import { NotificationsService } from '../notifications';
import { StorageService } from '../storage';
import type { User } from '../users';
import type { ClaimDto } from './dto/sweepstakes.dto';
import type { Sweepstakes, SweepstakesWinner } from './entities/sweepstakes.entity';
import { SWEEPSTAKES_CONFIG, type SweepstakesConfig } from '../../config/sweepstakes.config';
import { TAX_FORM_PREFIX, TIMERS } from './sweepstakes.constants';
import { SweepstakesLive } from './sweepstakes-live.service';
import { toAdminWinner, toSummary, toWinnersCsv } from './sweepstakes.mapper';
import { SweepstakesRepository, type WinnerWithUser } from './sweepstakes.repository';
import { SweepstakesService } from './sweepstakes.service';
import { escapeHtml } from '../../common/escape-html';
import { requirePrizeWinner } from './sweepstakes.policy';

interface DeadlineData {
  winnerId: string;
}

/**
 * After the draw: winner notices (notification, email, live toast), the claim (address, affidavit, tax form when
 * the prize crosses the reporting threshold) before a deadline, forfeits that promote the next alternate with a
 * fresh window, admin disqualifications (same promotion, never a redraw) and fulfilment.
 */
@Injectable()
export class SweepstakesClaimsService {
  constructor(
    private readonly repo: SweepstakesRepository,
    private readonly sweepstakes: SweepstakesService,
    private readonly live: SweepstakesLive,
    private readonly notifications: NotificationsService,
    private readonly mail: MailService,
    private readonly storage: StorageService,
    private readonly timers: TimersService,
    private readonly clock: Clock,
    @Inject(SWEEPSTAKES_CONFIG) private readonly config: SweepstakesConfig,
    @Inject(APP_CONFIG) private readonly app: AppConfig,
  ) {}

  deadlineFrom(s: Sweepstakes, from: Date): Date {
    return new Date(from.getTime() + s.rules.claim_window_days * DAY_MS);
  }

  /** Tells every prize holder picked by the draw (called once, right after the draw commits). */
  async notifyNewWinners(id: string): Promise<void> {
    const s = await this.sweepstakes.load(id);
    for (const w of await this.repo.winners(id)) if (w.status === 'notified') await this.tell(s, w);
  }

  async claimState(user: User, id: string): Promise<ClaimState> {
    const { s, w } = await this.ownPrize(user, id);
    const prize = s.rules.prizes[w.prizeIndex!] ?? null;
    return {
      sweepstakes: toSummary(s),
      winner: toAdminWinner(s, { ...w, userName: user.name, userEmail: user.email }),
      prize,
      tax_form_required: this.taxFormRequired(s, w),
    };
  }

  async uploadTaxForm(user: User, id: string, bytes: Buffer | undefined): Promise<ClaimState> {
    const { w } = await this.claimable(user, id);
    if (!bytes) throw ValidationFailedException.of('file', 'Choose the tax form to upload (PDF or image).');
    const stored = await this.storage.storeUpload(`${TAX_FORM_PREFIX}/${id}/${user.id}`, bytes, {
      field: 'file',
      kinds: ['document', 'image'],
      mimes: ['application/pdf', 'image/jpeg', 'image/png'],
      maxBytes: this.config.taxFormMaxBytes,
    });
    await this.repo.updateWinner(w.id, { taxFormKey: stored.key });
    await this.repo.audit(id, user.id, 'tax_form_uploaded', { winner_id: w.id });
    return this.claimState(user, id);
  }

  async claim(user: User, id: string, dto: ClaimDto): Promise<ClaimState> {
    const { s, w } = await this.claimable(user, id);
    if (this.taxFormRequired(s, w) && !w.taxFormKey) {
      throw ValidationFailedException.of(
        'tax_form',
        'Upload your tax form: this prize is over the reporting threshold.',
      );
    }
    const now = this.clock.now();
    const { affidavit: _signed, ...shipping } = dto;
    await this.repo.updateWinner(w.id, {
      status: 'claimed',
      claimedAt: now,
      affidavitAt: now,
      shipping: { ...shipping },
    });
    await this.repo.audit(id, user.id, 'claimed', { winner_id: w.id, rank: w.rank });
    return this.claimState(user, id);
  }

  /** Deadline timer: re-checks, then forfeits an unclaimed prize and hands it to the next alternate. */
  async onDeadline({ winnerId }: DeadlineData): Promise<'forfeited' | 'nothing'> {
    const promoted = await this.repo.transaction(async (tx) => {
      const w = await tx.winner(winnerId, { lock: true });
      if (!w || w.status !== 'notified' || !w.claimDeadline || w.claimDeadline.getTime() > this.clock.nowMs())
        return null;
      await tx.updateWinner(w.id, { status: 'forfeited' });
      await tx.audit(w.sweepstakesId, null, 'forfeited', { winner_id: w.id, rank: w.rank });
      return { next: await this.promoteNext(tx, w) };
    });
    if (!promoted) return 'nothing';
    if (promoted.next) await this.tellById(promoted.next);
    return 'forfeited';
  }

  async disqualify(admin: User, id: string, winnerId: string, reason: DisqualifyReason): Promise<SweepstakesAdmin> {
    const next = await this.repo.transaction(async (tx) => {
      const w = await tx.winner(winnerId, { lock: true });
      if (!w || w.sweepstakesId !== id) throw new NotFoundException('Winner not found.');
      if (w.status !== 'notified' && w.status !== 'standby') {
        throw new ConflictException(`A ${w.status} pick cannot be disqualified.`);
      }
      await tx.updateWinner(w.id, { status: 'disqualified', disqualifyReason: reason });
      await tx.audit(id, admin.id, 'disqualified', { winner_id: w.id, rank: w.rank, reason });
      return w.status === 'notified' ? this.promoteNext(tx, w) : null;
    });
    if (next) await this.tellById(next);
    return this.sweepstakes.adminDetail(id);
  }

  async fulfil(admin: User, id: string, winnerId: string, tracking: string): Promise<SweepstakesAdmin> {
    const w = await this.repo.winner(winnerId);
    if (!w || w.sweepstakesId !== id) throw new NotFoundException('Winner not found.');
    if (w.status !== 'claimed') throw new ConflictException('Only a claimed prize can be marked fulfilled.');
    await this.repo.updateWinner(w.id, { status: 'fulfilled', fulfilledAt: this.clock.now(), tracking });
    await this.repo.audit(id, admin.id, 'fulfilled', { winner_id: w.id, tracking });
    return this.sweepstakes.adminDetail(id);
  }

  async winnersCsv(id: string): Promise<string> {
    const s = await this.sweepstakes.load(id);
    return toWinnersCsv(s, await this.repo.winners(id));
  }

  // ---- helpers ----------------------------------------------------------------------------------------------------

  /** The next alternate in rank order takes the freed prize with a fresh claim window (none left: unawarded). */
  private async promoteNext(tx: SweepstakesRepository, freed: SweepstakesWinner): Promise<string | null> {
    const s = (await tx.find(freed.sweepstakesId, { lock: true }))!;
    const next = await tx.nextStandby(s.id);
    if (!next) {
      await tx.audit(s.id, null, 'prize_unawarded', { prize_index: freed.prizeIndex });
      return null;
    }
    const now = this.clock.now();
    await tx.updateWinner(next.id, {
      status: 'notified',
      prizeIndex: freed.prizeIndex,
      notifiedAt: now,
      claimDeadline: this.deadlineFrom(s, now),
    });
    await tx.audit(s.id, null, 'alternate_promoted', {
      winner_id: next.id,
      rank: next.rank,
      prize_index: freed.prizeIndex,
    });
    return next.id;
  }

  private async tellById(winnerId: string): Promise<void> {
    const w = await this.repo.winner(winnerId);
    if (!w) return;
    const s = await this.sweepstakes.load(w.sweepstakesId);
    const full = (await this.repo.winners(s.id)).find((x) => x.id === winnerId);
    if (full) await this.tell(s, full);
  }

  private async tell(s: Sweepstakes, w: WinnerWithUser): Promise<void> {
    const url = `/sweepstakes/${s.id}/claim`;
    const link = new URL(url, this.app.appUrl).toString();
    const deadline = w.claimDeadline!;
    const prize = s.rules.prizes[w.prizeIndex!]?.name ?? 'a prize';
    const title = `You won ${prize} in “${s.title}”`;
    const body = `Claim it before ${deadline.toUTCString()}, or it passes to the next alternate.`;
    await this.timers.at(deadline, TIMERS.claimDeadline, { winnerId: w.id }, w.id);
    await this.notifications.notify(w.userId, { kind: 'system', title, body, url, data: { sweepstakes_id: s.id } });
    await this.mail.send({
      to: w.userEmail,
      subject: title,
      text: `${title}\n\n${body}\n\n${link}`,
      html: `<p>${escapeHtml(title)}</p><p>${escapeHtml(body)}</p><p><a href="${link}">Claim your prize</a></p>`,
    });
    await this.live.won(w.userId, {
      sweepstakes_id: s.id,
      title: s.title,
      claim_url: url,
      claim_deadline: deadline.toISOString(),
    });
  }

  private taxFormRequired(s: Sweepstakes, w: SweepstakesWinner): boolean {
    const value = s.rules.prizes[w.prizeIndex ?? -1]?.retail_value_minor ?? 0;
    return value >= this.config.taxFormThresholdMinor;
  }

  /** The caller's prize in this sweepstakes (403 for anyone else, including alternates on standby). */
  /** The sweepstakes and the user's prize in it: anyone who won nothing is refused (403). */
  async ownPrize(user: User, id: string): Promise<{ s: Sweepstakes; w: SweepstakesWinner }> {
    const s = await this.sweepstakes.loadPublic(id);
    const w = await this.repo.winnerOf(id, user.id);
    requirePrizeWinner(w);
    return { s, w };
  }

  private async claimable(user: User, id: string): Promise<{ s: Sweepstakes; w: SweepstakesWinner }> {
    const found = await this.ownPrize(user, id);
    const { w } = found;
    if (w.status === 'claimed' || w.status === 'fulfilled')
      throw new ConflictException('You have already claimed this prize.');
    if (w.status === 'forfeited' || (w.claimDeadline && w.claimDeadline.getTime() <= this.clock.nowMs())) {
      throw new ConflictException('The claim deadline has passed: the prize went to the next alternate.');
    }
    if (w.status !== 'notified') throw new ConflictException('This prize cannot be claimed.');
    return found;
  }
}
