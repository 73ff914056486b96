import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

/** Property page views: one row per property, day and viewer. */
@Injectable()
export class PropertyInsightsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async recordView(propertyId: string, day: string, viewer: string): Promise<void> {
    await this.db.query(
      `INSERT INTO property_views (property_id, day, viewer) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
      [propertyId, day, viewer],
    );
  }

  /** Distinct people over the days from `since` (the primary key's prefix is the index). */
  async viewsSince(propertyId: string, since: string): Promise<number> {
    const [row] = await this.db.query(
      `SELECT count(DISTINCT viewer)::int AS n FROM property_views WHERE property_id = $1 AND day >= $2`,
      [propertyId, since],
    );
    return row.n;
  }
}
