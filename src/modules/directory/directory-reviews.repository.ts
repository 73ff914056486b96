import { Injectable } from '@nestjs/common';
import { returningRows } from '../../database/raw-rows';
import { TransactionalRepository } from '../../database/transactional-repository';

export interface ReviewRow {
  id: string;
  provider_id: string;
  reviewer_id: string;
  rating: number;
  body_html: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, provider_id, reviewer_id, rating, body_html, created_at, updated_at';

/** The only place with SQL for provider reviews and the provider's review counters. */
@Injectable()
export class DirectoryReviewsRepository extends TransactionalRepository {
  async find(providerId: string, reviewerId: string): Promise<ReviewRow | null> {
    const [row] = (await this.m.query(
      `SELECT ${COLUMNS} FROM service_provider_reviews WHERE provider_id = $1 AND reviewer_id = $2`,
      [providerId, reviewerId],
    )) as ReviewRow[];
    return row ?? null;
  }

  /** Newest (or newest edited) first: service_provider_reviews_list_idx. */
  async page(providerId: string, offset: number, limit: number): Promise<[ReviewRow[], number]> {
    const [rows, [{ n }]] = await Promise.all([
      this.m.query(
        `SELECT ${COLUMNS} FROM service_provider_reviews WHERE provider_id = $1
         ORDER BY updated_at DESC, id DESC OFFSET $2 LIMIT $3`,
        [providerId, offset, limit],
      ) as Promise<ReviewRow[]>,
      this.m.query(`SELECT count(*)::int AS n FROM service_provider_reviews WHERE provider_id = $1`, [
        providerId,
      ]) as Promise<Array<{ n: number }>>,
    ]);
    return [rows, n];
  }

  /**
   * Writes the reviewer's one review (a second save edits it) and moves the provider's count and rating sum by the
   * difference, in one transaction; the row lock on the old review keeps two saves from counting twice.
   */
  save(providerId: string, reviewerId: string, rating: number, html: string, at: Date): Promise<ReviewRow> {
    return this.transaction(async (tx) => {
      const [old] = (await tx.m.query(
        `SELECT rating FROM service_provider_reviews WHERE provider_id = $1 AND reviewer_id = $2 FOR UPDATE`,
        [providerId, reviewerId],
      )) as Array<{ rating: number }>;
      const [row] = returningRows<ReviewRow>(
        await tx.m.query(
          `INSERT INTO service_provider_reviews (provider_id, reviewer_id, rating, body_html, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $5)
           ON CONFLICT (provider_id, reviewer_id) DO UPDATE SET rating = EXCLUDED.rating,
             body_html = EXCLUDED.body_html, updated_at = EXCLUDED.updated_at
           RETURNING ${COLUMNS}`,
          [providerId, reviewerId, rating, html, at],
        ),
      );
      await tx.count(providerId, old ? 0 : 1, rating - (old?.rating ?? 0));
      return row;
    });
  }

  /** Deletes the reviewer's review and uncounts it; false when there was none. */
  remove(providerId: string, reviewerId: string): Promise<boolean> {
    return this.transaction(async (tx) => {
      const [gone] = returningRows<{ rating: number }>(
        await tx.m.query(
          `DELETE FROM service_provider_reviews WHERE provider_id = $1 AND reviewer_id = $2 RETURNING rating`,
          [providerId, reviewerId],
        ),
      );
      if (gone) await tx.count(providerId, -1, -gone.rating);
      return !!gone;
    });
  }

  private async count(providerId: string, reviews: number, ratingSum: number): Promise<void> {
    await this.m.query(
      `UPDATE service_providers SET reviews_count = reviews_count + $2, rating_sum = rating_sum + $3 WHERE id = $1`,
      [providerId, reviews, ratingSum],
    );
  }
}
