import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { CreatorContentKind } from '../../contracts/creator-metrics';

/** What other areas counted for a day, per creator (new follows, design shares, listing inquiries). */
export interface PerCreator {
  userId: string;
  count: number;
}

/** One creator's rolled-up day. */
export interface CreatorDayRow {
  day: string;
  spotViews: number;
  spotWatchMs: number;
  spotCompletions: number;
  walkthroughViews: number;
  walkthroughWatchMs: number;
  walkthroughCompletions: number;
  newFollowers: number;
  designShares: number;
  listingInquiries: number;
}

export interface ContentTotals {
  contentId: string;
  kind: CreatorContentKind;
  views: number;
  watchMs: number;
  completions: number;
}

export interface Play {
  kind: CreatorContentKind;
  contentId: string;
  creatorId: string;
  day: string;
  viewer: string;
  watchMs: number;
  completed: boolean;
}

/** Column lists of the per-creator rollup, in the order rollupDay's SELECT gives them. */
const FIGURES = `spot_views, spot_watch_ms, spot_completions, walkthrough_views, walkthrough_watch_ms,
  walkthrough_completions, new_followers, design_shares, listing_inquiries`;
/** One other area's per-creator counts as rows of the union in rollupDay, in column `column` (1-based param pair). */
const counted = (slot: number, ids: number, counts: number) =>
  `SELECT u AS creator_id, ${Array.from({ length: 9 }, (_, i) => (i === slot ? 'n' : '0')).join(', ')}
   FROM unnest($${ids}::uuid[], $${counts}::int[]) AS c(u, n)`;

/** The only SQL for creator_video_views, creator_metrics_daily, creator_content_daily and creator_metrics_runs. */
@Injectable()
export class CreatorMetricsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A play: one row per content, day and viewer; a repeated beacon keeps the furthest watch time and any completion. */
  async recordPlay(p: Play): Promise<void> {
    await this.db.query(
      `INSERT INTO creator_video_views (content_id, day, viewer, kind, creator_id, watch_ms, completed)
       VALUES ($1, $2::date, $3, $4, $5, $6, $7)
       ON CONFLICT (content_id, day, viewer) DO UPDATE SET
         watch_ms = GREATEST(creator_video_views.watch_ms, EXCLUDED.watch_ms),
         completed = creator_video_views.completed OR EXCLUDED.completed,
         updated_at = now()`,
      [p.contentId, p.day, p.viewer, p.kind, p.creatorId, p.watchMs, p.completed],
    );
  }

  /**
   * Replaces one day's rollups in one transaction: per content from the day's plays, then per creator from those and
   * the other areas' counts, so running it again over the same raw rows writes the same rows.
   */
  async rollupDay(
    day: string,
    at: Date,
    extra: { followers: PerCreator[]; shares: PerCreator[]; inquiries: PerCreator[] },
  ): Promise<void> {
    const pair = (rows: PerCreator[]) => [rows.map((r) => r.userId), rows.map((r) => r.count)];
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM creator_content_daily WHERE day = $1::date`, [day]);
      await m.query(`DELETE FROM creator_metrics_daily WHERE day = $1::date`, [day]);
      await m.query(
        `INSERT INTO creator_content_daily (content_id, day, creator_id, kind, views, watch_ms, completions)
         SELECT content_id, day, creator_id, kind, count(*), sum(watch_ms), count(*) FILTER (WHERE completed)
         FROM creator_video_views WHERE day = $1::date GROUP BY content_id, day, creator_id, kind`,
        [day],
      );
      await m.query(
        `INSERT INTO creator_metrics_daily (creator_id, day, ${FIGURES}, computed_at)
         SELECT x.creator_id, $1::date, sum(sv), sum(sw), sum(sc), sum(wv), sum(ww), sum(wc), sum(nf), sum(ds), sum(li), $2
         FROM (
           SELECT creator_id,
             coalesce(sum(views) FILTER (WHERE kind = 'spot'), 0) AS sv,
             coalesce(sum(watch_ms) FILTER (WHERE kind = 'spot'), 0) AS sw,
             coalesce(sum(completions) FILTER (WHERE kind = 'spot'), 0) AS sc,
             coalesce(sum(views) FILTER (WHERE kind = 'walkthrough'), 0) AS wv,
             coalesce(sum(watch_ms) FILTER (WHERE kind = 'walkthrough'), 0) AS ww,
             coalesce(sum(completions) FILTER (WHERE kind = 'walkthrough'), 0) AS wc,
             0 AS nf, 0 AS ds, 0 AS li
           FROM creator_content_daily WHERE day = $1::date GROUP BY creator_id
           UNION ALL ${counted(6, 3, 4)}
           UNION ALL ${counted(7, 5, 6)}
           UNION ALL ${counted(8, 7, 8)}
         ) AS x(creator_id, sv, sw, sc, wv, ww, wc, nf, ds, li)
         JOIN users u ON u.id = x.creator_id
         GROUP BY x.creator_id`,
        [day, at, ...pair(extra.followers), ...pair(extra.shares), ...pair(extra.inquiries)],
      );
      await m.query(
        `INSERT INTO creator_metrics_runs (day, computed_at) VALUES ($1::date, $2)
         ON CONFLICT (day) DO UPDATE SET computed_at = EXCLUDED.computed_at`,
        [day, at],
      );
    });
  }

  /** The latest rolled day and when the rollup last ran. */
  async latestRun(): Promise<{ day: string | null; at: Date | null }> {
    const [row] = await this.db.query<Array<{ day: string | null; at: Date | null }>>(
      `SELECT to_char(max(day), 'YYYY-MM-DD') AS day, max(computed_at) AS at FROM creator_metrics_runs`,
    );
    return row ?? { day: null, at: null };
  }

  /** A creator's rolled-up days from `from` to `to` (inclusive), by the (creator_id, day) key. */
  async days(creatorId: string, from: string, to: string): Promise<CreatorDayRow[]> {
    const rows = await this.db.query<Array<Record<string, string | number>>>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, ${FIGURES} FROM creator_metrics_daily
       WHERE creator_id = $1 AND day >= $2::date AND day <= $3::date ORDER BY day`,
      [creatorId, from, to],
    );
    return rows.map((r) => ({
      day: String(r.day),
      spotViews: Number(r.spot_views),
      spotWatchMs: Number(r.spot_watch_ms),
      spotCompletions: Number(r.spot_completions),
      walkthroughViews: Number(r.walkthrough_views),
      walkthroughWatchMs: Number(r.walkthrough_watch_ms),
      walkthroughCompletions: Number(r.walkthrough_completions),
      newFollowers: Number(r.new_followers),
      designShares: Number(r.design_shares),
      listingInquiries: Number(r.listing_inquiries),
    }));
  }

  /** A creator's most viewed spots and walkthroughs over the range, by the (creator_id, day) index. */
  async topContent(creatorId: string, from: string, to: string, limit: number): Promise<ContentTotals[]> {
    const rows = await this.db.query<
      Array<{ content_id: string; kind: CreatorContentKind; views: string; watch_ms: string; completions: string }>
    >(
      `SELECT content_id, kind, sum(views) AS views, sum(watch_ms) AS watch_ms, sum(completions) AS completions
       FROM creator_content_daily WHERE creator_id = $1 AND day >= $2::date AND day <= $3::date
       GROUP BY content_id, kind ORDER BY sum(views) DESC, sum(watch_ms) DESC, content_id LIMIT $4`,
      [creatorId, from, to, limit],
    );
    return rows.map((r) => ({
      contentId: r.content_id,
      kind: r.kind,
      views: Number(r.views),
      watchMs: Number(r.watch_ms),
      completions: Number(r.completions),
    }));
  }
}
