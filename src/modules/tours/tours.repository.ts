import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TourMode, TourSide, TourStatus } from '../../contracts/tours';
import { returningRows } from '../../database/raw-rows';

export interface TourRow {
  id: string;
  property_id: string;
  buyer_id: string;
  realtor_id: string;
  mode: TourMode;
  status: TourStatus;
  offered_times: Date[];
  offered_by: TourSide;
  scheduled_at: Date | null;
  duration_minutes: number;
  message: string | null;
  decline_reason: string | null;
  sequence: number;
  created_at: Date;
  updated_at: Date;
}

/** A tour with the names the pages show (one query, no per-row look-ups). */
export interface TourView extends TourRow {
  property_name: string;
  property_slug: string;
  property_city: string | null;
  property_address: string | null;
  buyer_name: string;
  buyer_email: string;
  buyer_timezone: string;
  realtor_name: string;
  realtor_email: string;
  realtor_timezone: string;
}

export interface TourChange {
  status: TourStatus;
  offeredTimes?: Date[];
  offeredBy?: TourSide;
  scheduledAt?: Date | null;
  declineReason?: string | null;
  bumpSequence?: boolean;
}

const VIEW = `
  SELECT t.*, p.name AS property_name, p.slug AS property_slug, p.city AS property_city,
         coalesce(p.full_address, p.address) AS property_address,
         b.name AS buyer_name, b.email AS buyer_email, b.timezone AS buyer_timezone,
         r.name AS realtor_name, r.email AS realtor_email, r.timezone AS realtor_timezone
    FROM tour_requests t
    JOIN properties p ON p.id = t.property_id
    JOIN users b ON b.id = t.buyer_id
    JOIN users r ON r.id = t.realtor_id`;

/** Tour requests and their sent reminders. */
@Injectable()
export class ToursRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async insert(t: {
    propertyId: string;
    buyerId: string;
    realtorId: string;
    mode: TourMode;
    times: Date[];
    message: string | null;
    now: Date;
  }): Promise<string | null> {
    const rows = returningRows<{ id: string }>(
      await this.db.query(
        `INSERT INTO tour_requests (property_id, buyer_id, realtor_id, mode, status, offered_times, offered_by, message,
                                    created_at, updated_at)
         VALUES ($1, $2, $3, $4, 'requested', $5, 'buyer', $6, $7, $7)
         ON CONFLICT (property_id, buyer_id) WHERE status IN ('requested', 'proposed', 'confirmed') DO NOTHING
         RETURNING id`,
        [t.propertyId, t.buyerId, t.realtorId, t.mode, t.times, t.message, t.now],
      ),
    );
    return rows[0]?.id ?? null;
  }

  async find(id: string): Promise<TourView | null> {
    const [row] = await this.db.query(`${VIEW} WHERE t.id = $1`, [id]);
    return row ?? null;
  }

  /**
   * Moves the tour on only if it is still in `from` (a concurrent answer makes this one find nothing: 409).
   */
  async transition(id: string, from: TourStatus, change: TourChange, now: Date): Promise<boolean> {
    const rows = returningRows<{ id: string }>(
      await this.db.query(
        `UPDATE tour_requests SET status = $3,
                offered_times = coalesce($4, offered_times), offered_by = coalesce($5, offered_by),
                scheduled_at = CASE WHEN $6 THEN $7::timestamptz ELSE scheduled_at END,
                decline_reason = coalesce($8, decline_reason),
                sequence = sequence + CASE WHEN $9 THEN 1 ELSE 0 END, updated_at = $10
          WHERE id = $1 AND status = $2 RETURNING id`,
        [
          id,
          from,
          change.status,
          change.offeredTimes ?? null,
          change.offeredBy ?? null,
          change.scheduledAt !== undefined,
          change.scheduledAt ?? null,
          change.declineReason ?? null,
          !!change.bumpSequence,
          now,
        ],
      ),
    );
    return rows.length > 0;
  }

  /** The user's tours on one side, most recently changed first (tour_requests_buyer_idx / _realtor_idx). */
  async page(
    userId: string,
    side: TourSide,
    limit: number,
    offset: number,
  ): Promise<{ rows: TourView[]; total: number }> {
    const column = side === 'buyer' ? 't.buyer_id' : 't.realtor_id';
    const rows: TourView[] = await this.db.query(
      `${VIEW} WHERE ${column} = $1 ORDER BY t.updated_at DESC, t.id LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    const [{ n }] = await this.db.query(`SELECT count(*)::int AS n FROM tour_requests t WHERE ${column} = $1`, [
      userId,
    ]);
    return { rows, total: n };
  }

  /** Records a reminder as sent; false when it already was (the timer fired twice). */
  async claimReminder(tourId: string, startsAt: Date, lead: string, now: Date): Promise<boolean> {
    const rows = returningRows(
      await this.db.query(
        `INSERT INTO tour_reminders (tour_id, starts_at, lead, sent_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING RETURNING tour_id`,
        [tourId, startsAt, lead, now],
      ),
    );
    return rows.length > 0;
  }
}
