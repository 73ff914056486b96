import type { EntityManager } from 'typeorm';
import { ConflictException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { Clock } from '../../../common/clock';
import { pageOf } from '../../../common/pagination';
import { AFFILIATES_CONFIG, type AffiliatesConfig } from '../../../config/affiliates.config';
import type {
  BalanceJson,
  BatchProgressEvent,
  PayoutBatchJson,
  PayoutJson,
  PayoutMethod,
  PayoutPreviewJson,
} from '../../../contracts/affiliates';
import type { Page } from '../../../contracts/common';
import { JobsService } from '../../jobs';
import { Broadcaster } from '../../realtime';
import type { User } from '../../users';
import { formatMinor } from '../../../common/money';
import { nextPayoutDate } from '../affiliate-rules';
import { toBalanceJson, toBatchJson, toPayoutJson } from '../affiliates.mapper';
import { AffiliatesRepository } from '../affiliates.repository';
import { move, type AffiliateRow, type PayoutRow } from '../affiliates.types';
import { payoutDrivers, TransferFailed, type PayoutDriver, type TransferTaken } from './payout-drivers';
import { PayoutsRepository } from './payouts.repository';

export const PAYOUT_CHANNEL = 'private-admin.payouts';
export const BATCH_JOB = 'affiliates.payout-batch';
const CHUNK = 100;
const SEND_CONCURRENCY = 8;

/**
 * Payout batches: preview (who is paid what, who is held and why), confirm (money moves to in-transit in one
 * transaction; only one batch runs at a time), then a job sends each transfer with its idempotency key and
 * reports progress live. A failed transfer returns the money to the affiliate's balance with the reason.
 */
@Injectable()
export class PayoutsService {
  private readonly logger = new Logger('Payouts');
  private drivers: Record<PayoutMethod, PayoutDriver>;

  constructor(
    private readonly repo: PayoutsRepository,
    private readonly affiliates: AffiliatesRepository,
    private readonly jobs: JobsService,
    private readonly broadcaster: Broadcaster,
    private readonly clock: Clock,
    @Inject(AFFILIATES_CONFIG) private readonly config: AffiliatesConfig,
  ) {
    this.drivers = payoutDrivers(config);
  }

  /** Tests point a method at a fake provider. */
  useDriver(method: PayoutMethod, driver: PayoutDriver): void {
    this.drivers = { ...this.drivers, [method]: driver };
  }

  async balance(affiliate: AffiliateRow): Promise<BalanceJson> {
    const buckets = await this.affiliates.balances(affiliate.id);
    const minimum = affiliate.minimum_payout_minor ?? this.config.minimumPayoutMinor;
    const hold = await this.holdReason(affiliate.id, buckets.available, minimum);
    return toBalanceJson(
      buckets,
      this.config.currency,
      minimum,
      hold,
      nextPayoutDate(this.clock.now(), this.config.payoutDay),
    );
  }

  async preview(admin: User): Promise<PayoutPreviewJson> {
    const yearStart = new Date(Date.UTC(this.clock.now().getUTCFullYear(), 0, 1));
    const [balances, paidThisYear, taxForms] = await Promise.all([
      this.repo.availableBalances(this.config.currency),
      this.repo.paidThisYearByAffiliate(yearStart),
      this.repo.affiliatesWithApprovedTaxForm(),
    ]);
    const lines: PayoutPreviewJson['lines'] = [];
    const held: PayoutPreviewJson['held'] = [];
    for (const b of balances) {
      const reason = this.holdFor(
        b.available,
        b.minimum ?? this.config.minimumPayoutMinor,
        paidThisYear.get(b.affiliate_id) ?? 0,
        taxForms.has(b.affiliate_id),
        b.method,
        b.destination,
      );
      if (reason)
        held.push({
          affiliate_id: b.affiliate_id,
          affiliate_name: b.affiliate_name,
          amount_minor: b.available,
          reason,
        });
      else
        lines.push({
          affiliate_id: b.affiliate_id,
          affiliate_name: b.affiliate_name,
          method: b.method as PayoutMethod,
          amount_minor: b.available,
        });
    }
    const batchId = await this.affiliates.transaction(async (m) => {
      // A new preview replaces any earlier one nobody confirmed: only the latest picture of balances can be paid.
      await this.repo.cancelPreviews(m);
      const id = await this.repo.insertBatch(m, this.config.currency, admin.id);
      const destinations = new Map(balances.map((b) => [b.affiliate_id, b.destination]));
      await this.repo.insertPayouts(
        m,
        id,
        lines.map((l) => ({
          affiliate_id: l.affiliate_id,
          amount: l.amount_minor,
          method: l.method,
          destination: destinations.get(l.affiliate_id) ?? null,
        })),
        this.config.currency,
      );
      return id;
    });
    return { batch: toBatchJson((await this.repo.findBatch(batchId))!), lines, held };
  }

  /**
   * Starts a previewed batch. Under the batch's row lock: the batch must still be a preview and no other batch may
   * be running (a unique index holds that even across nodes); each transfer is re-checked against the balance now
   * (a refund since the preview may have lowered it), and the money moves to in-transit in the same transaction.
   */
  async confirm(admin: User, batchId: string): Promise<PayoutBatchJson> {
    await this.affiliates.transaction(async (m) => {
      const batch = await this.repo.findBatch(batchId, m, true);
      if (!batch) throw new NotFoundException('No such payout batch.');
      if (batch.status !== 'preview') throw new ConflictException(`This batch is already ${batch.status}.`);
      if (await this.repo.anyRunning(m))
        throw new ConflictException('Another payout batch is running; wait for it to finish.');
      await this.repo.failShortPayouts(
        m,
        batchId,
        'The balance changed since the preview; it stays for the next batch.',
      );
      await this.repo.moveBatchToTransit(m, batchId, `payout batch ${batchId.slice(0, 8)}`);
      await this.repo.attachCommissions(m, batchId);
      await this.repo.updateBatch(m, batchId, {
        status: 'running',
        started_at: this.clock.now(),
        created_by: admin.id,
      });
      await this.repo.countBatchProgress(m, batchId);
    });
    await this.jobs.dispatch(
      'payouts',
      BATCH_JOB,
      { batch_id: batchId },
      { jobId: `payout-batch|${batchId}`, attempts: 5 },
    );
    return toBatchJson((await this.repo.findBatch(batchId))!);
  }

  /** The batch job: sends queued transfers a chunk at a time (SKIP LOCKED), safe to re-run after a crash. */
  async runBatch(batchId: string): Promise<void> {
    const batch = await this.repo.findBatch(batchId);
    if (!batch || batch.status !== 'running') return;
    await this.progress(batchId, 'started');
    for (;;) {
      const claimed = await this.affiliates.transaction((m) => this.repo.claimQueued(m, batchId, CHUNK));
      if (!claimed.length) break;
      // Transfers wait on the provider, not on us: a few at a time (each in its own transaction) keeps the
      // provider's rate limits in sight while not paying one round trip after another.
      const queue = [...claimed];
      await Promise.all(
        Array.from({ length: SEND_CONCURRENCY }, async () => {
          for (let next = queue.shift(); next; next = queue.shift()) await this.sendOne(next);
        }),
      );
      await this.progress(batchId, 'paying');
    }
    await this.affiliates.transaction(async (m) => {
      await this.repo.countBatchProgress(m, batchId);
      await this.repo.updateBatch(m, batchId, { status: 'completed', finished_at: this.clock.now() });
    });
    await this.progress(batchId, 'completed');
  }

  /**
   * Sends a failed transfer again once its cause is fixed (a provider configured, a destination added), with the
   * money back in transit and its commissions attached, in one transaction; then the transfer goes out now.
   */
  async retry(payoutId: string): Promise<PayoutJson> {
    const payout = await this.affiliates.transaction(async (m) => {
      const p = await this.repo.findPayout(m, payoutId, true);
      if (!p) throw new NotFoundException('No such payout.');
      if (p.status !== 'failed')
        throw new ConflictException(`Only a failed transfer can be retried; it is ${p.status}.`);
      const batch = (await this.repo.findBatch(p.batch_id, m, true))!;
      if (batch.status === 'running') throw new ConflictException('Its batch is still running; retry once it ends.');
      const affiliate = (await this.affiliates.findAffiliate('id', p.affiliate_id))!;
      if (!(await this.repo.requeueFailed(m, p.id, affiliate.payout_method, affiliate.payout_destination)))
        throw new ConflictException('The balance no longer holds this amount: a later batch paid it.');
      await this.repo.moveBatchToTransit(m, p.batch_id, `retry of payout ${p.id.slice(0, 8)}`, p.id);
      await this.repo.attachCommissions(m, p.batch_id, p.id);
      return (await this.repo.findPayout(m, p.id))!;
    });
    await this.sendOne(payout);
    await this.affiliates.transaction((m) => this.repo.countBatchProgress(m, payout.batch_id));
    return toPayoutJson((await this.affiliates.transaction((m) => this.repo.findPayout(m, payoutId)))!);
  }

  private async sendOne(payout: PayoutRow): Promise<void> {
    let outcome: TransferTaken | { failure: string };
    try {
      outcome = await this.drivers[payout.method].send({
        idempotencyKey: payout.idempotency_key,
        amountMinor: payout.amount_minor,
        currency: payout.currency,
        destination: payout.destination,
        payoutId: payout.id,
      });
    } catch (error) {
      if (!(error instanceof TransferFailed)) throw error; // network trouble: the job retries with the same key
      outcome = { failure: error.message };
    }
    await this.affiliates.transaction(async (m) => {
      const fresh = await this.repo.findPayout(m, payout.id, true);
      if (!fresh || fresh.status !== 'queued') return;
      if ('failure' in outcome) return this.settle(m, fresh, { failure: outcome.failure });
      if (!outcome.awaitsBankConfirmation) return this.settle(m, fresh, { paid: outcome.reference });
      // Exported for the bank: still in transit until an admin confirms the bank paid it.
      await this.repo.updatePayout(m, payout.id, { status: 'awaiting_bank', provider_reference: outcome.reference });
    });
  }

  /**
   * An admin confirms the bank paid a batch's exported transfers (`received`), or records that the bank sent one
   * back (`returned`, with its reason: the money is available again and the transfer can be retried).
   */
  async settleBankTransfers(
    batchId: string,
    result: { received: true } | { returned: string; payoutId: string },
  ): Promise<PayoutBatchJson> {
    await this.affiliates.transaction(async (m) => {
      const waiting = (await this.repo.awaitingBank(m, batchId)).filter(
        (p) => 'received' in result || p.id === result.payoutId,
      );
      if (!waiting.length) throw new ConflictException('No transfer of this batch is waiting for the bank.');
      for (const p of waiting)
        await this.settle(
          m,
          p,
          'received' in result ? { paid: p.provider_reference ?? 'bank' } : { failure: result.returned },
        );
      await this.repo.countBatchProgress(m, batchId);
    });
    // No progress push: "completed" belongs to the batch job (the page toasts it as the batch finishing); the
    // admin who settled sees the answer.
    return toBatchJson((await this.repo.findBatch(batchId))!);
  }

  /** The bank sent a transfer back: `settleBankTransfers` for that one transfer of its batch. */
  async bankReturned(payoutId: string, reason: string): Promise<PayoutBatchJson> {
    const payout = await this.affiliates.transaction((m) => this.repo.findPayout(m, payoutId));
    if (!payout) throw new NotFoundException('No such payout.');
    return this.settleBankTransfers(payout.batch_id, { returned: `The bank returned it: ${reason}`, payoutId });
  }

  /** A transfer's end: paid (in transit → paid, its commissions paid) or failed (the money back to available). */
  private async settle(m: EntityManager, payout: PayoutRow, end: { paid: string } | { failure: string }) {
    const base = { affiliate_id: payout.affiliate_id, payout_id: payout.id, currency: payout.currency };
    if ('paid' in end) {
      await this.repo.updatePayout(m, payout.id, { status: 'sent', provider_reference: end.paid });
      await this.affiliates.appendLedger(
        m,
        move('in_transit', 'paid', { ...base, reason: `paid ${end.paid}` }, payout.amount_minor),
      );
      const day = this.clock.now().toISOString().slice(0, 10);
      await this.affiliates.markCommissionsPaid(m, payout.id, `Paid on ${day} (${end.paid}).`);
      return;
    }
    await this.repo.updatePayout(m, payout.id, { status: 'failed', failure_reason: end.failure });
    await this.affiliates.appendLedger(
      m,
      move('in_transit', 'available', { ...base, reason: `returned: ${end.failure}` }, payout.amount_minor),
    );
    await this.affiliates.releaseCommissionsPayout(m, payout.id);
  }

  private async progress(batchId: string, step: BatchProgressEvent['step']): Promise<void> {
    await this.affiliates.transaction((m) => this.repo.countBatchProgress(m, batchId));
    const b = (await this.repo.findBatch(batchId))!;
    const event: BatchProgressEvent = {
      batch_id: batchId,
      step,
      processed: b.processed,
      total: b.payout_count,
      sent: b.sent,
      failed: b.failed,
    };
    await this.broadcaster.broadcast(PAYOUT_CHANNEL, 'payouts.progress', event);
  }

  async batches(page: number, perPage: number): Promise<Page<PayoutBatchJson>> {
    const { rows, total } = await this.repo.listBatches((page - 1) * perPage, perPage);
    return pageOf(rows.map(toBatchJson), page, perPage, total);
  }

  async payoutsOf(
    where: 'batch_id' | 'affiliate_id' | 'method',
    id: string,
    page: number,
    perPage: number,
  ): Promise<Page<PayoutJson>> {
    const { rows, total } = await this.repo.payouts(where, id, (page - 1) * perPage, perPage);
    return pageOf(rows.map(toPayoutJson), page, perPage, total);
  }

  /** The bank file for manual transfers of a batch: one row a transfer, amounts as exact decimals. */
  async exportCsv(batchId: string): Promise<string> {
    if (!(await this.repo.findBatch(batchId))) throw new NotFoundException('No such payout batch.');
    const { rows } = await this.repo.payouts('batch_id', batchId, 0, 1_000_000);
    const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    const lines = rows.map((p) =>
      [
        p.id,
        p.affiliate_name,
        p.method,
        p.destination ?? '',
        (p.amount_minor / 100).toFixed(2),
        p.currency,
        p.status,
        p.provider_reference ?? '',
        p.failure_reason ?? '',
      ]
        .map((v) => cell(String(v)))
        .join(','),
    );
    return (
      ['payout_id,affiliate,method,destination,amount,currency,status,reference,failure_reason', ...lines].join('\n') +
      '\n'
    );
  }

  private async holdReason(affiliateId: string, available: number, minimum: number): Promise<string | null> {
    const yearStart = new Date(Date.UTC(this.clock.now().getUTCFullYear(), 0, 1));
    const paid = await this.affiliates.paidSince(affiliateId, yearStart);
    const affiliate = (await this.affiliates.findAffiliate('id', affiliateId))!;
    return this.holdFor(
      available,
      minimum,
      paid,
      await this.affiliates.hasApprovedTaxForm(affiliateId),
      affiliate.payout_method,
      affiliate.payout_destination,
    );
  }

  /** Why a balance is not paid in the next batch, or null when it will be. */
  private holdFor(
    available: number,
    minimum: number,
    paidThisYear: number,
    hasTaxForm: boolean,
    method: string,
    destination: string | null,
  ): string | null {
    const currency = this.config.currency;
    if (available <= 0) return null;
    if (available < minimum)
      return `Below the ${formatMinor(minimum, currency)} minimum: it carries over to the next payout.`;
    if (paidThisYear + available > this.config.taxThresholdMinor && !hasTaxForm)
      return `Payouts above ${formatMinor(this.config.taxThresholdMinor, currency)} a year need an approved tax form: upload one under Documents.`;
    if (method !== 'manual' && !destination) return 'Add where we should send your payouts.';
    return null;
  }
}
