import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { DesignAssetCategory } from '../../contracts/admin-content';
import { returningRows } from '../../database/raw-rows';

export interface DesignAssetRow {
  id: string;
  category: DesignAssetCategory;
  name: string;
  prompt_fragment: string | null;
  colors: string[];
  preview_key: string | null;
  enabled: boolean;
  position: number;
  /** The style pack a theme belongs to (offered to the pack's holders only); null for the free catalogue. */
  pack: string | null;
  updated_at: Date;
}

export type DesignAssetWrite = Partial<
  Pick<DesignAssetRow, 'name' | 'prompt_fragment' | 'colors' | 'preview_key' | 'enabled' | 'position'>
>;

const COLUMNS = 'id, category, name, prompt_fragment, colors, preview_key, enabled, position, pack, updated_at';

/** The designer's asset catalogue (design_assets). */
@Injectable()
export class DesignAssetsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** The enabled assets, in the order the designer shows them. */
  enabled(): Promise<DesignAssetRow[]> {
    return this.db.query(`SELECT ${COLUMNS} FROM design_assets WHERE enabled ORDER BY category, position, id`);
  }

  async page(
    filter: { category?: string; q?: string },
    offset: number,
    limit: number,
  ): Promise<[DesignAssetRow[], number]> {
    const where = ['($1::varchar IS NULL OR category = $1)', `($2::varchar IS NULL OR lower(name) LIKE $2)`];
    const params = [
      filter.category ?? null,
      filter.q ? `%${filter.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%` : null,
    ];
    const rows = await this.db.query<DesignAssetRow[]>(
      `SELECT ${COLUMNS} FROM design_assets WHERE ${where.join(' AND ')}
       ORDER BY category, position, id OFFSET $3 LIMIT $4`,
      [...params, offset, limit],
    );
    const [{ n }] = await this.db.query<Array<{ n: string }>>(
      `SELECT count(*) AS n FROM design_assets WHERE ${where.join(' AND ')}`,
      params,
    );
    return [rows, Number(n)];
  }

  async find(id: string, m: EntityManager = this.db.manager, lock = false): Promise<DesignAssetRow | null> {
    const [row] = await m.query<DesignAssetRow[]>(
      `SELECT ${COLUMNS} FROM design_assets WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`,
      [id],
    );
    return row ?? null;
  }

  async nameTaken(category: string, name: string, exceptId: string | null, m: EntityManager): Promise<boolean> {
    const rows = await m.query<unknown[]>(
      `SELECT 1 FROM design_assets WHERE category = $1 AND lower(name) = lower($2) AND id IS DISTINCT FROM $3`,
      [category, name, exceptId],
    );
    return rows.length > 0;
  }

  async insert(category: DesignAssetCategory, w: DesignAssetWrite, m: EntityManager): Promise<DesignAssetRow> {
    const [row] = returningRows<DesignAssetRow>(
      await m.query(
        `INSERT INTO design_assets (category, name, prompt_fragment, colors, enabled, position)
         VALUES ($1::varchar, $2, $3, $4::jsonb, $5, coalesce($6::int, (SELECT coalesce(max(position) + 1, 0)
                 FROM design_assets WHERE category = $1::varchar)))
         RETURNING ${COLUMNS}`,
        [category, w.name, w.prompt_fragment ?? null, JSON.stringify(w.colors ?? []), w.enabled ?? true, w.position],
      ),
    );
    return row;
  }

  async update(id: string, w: DesignAssetWrite, m: EntityManager): Promise<DesignAssetRow> {
    const sets: string[] = [];
    const params: unknown[] = [id];
    for (const [column, value] of Object.entries(w)) {
      if (value === undefined) continue;
      params.push(column === 'colors' ? JSON.stringify(value) : value);
      sets.push(`${column} = $${params.length}${column === 'colors' ? '::jsonb' : ''}`);
    }
    const [row] = returningRows<DesignAssetRow>(
      await m.query(
        `UPDATE design_assets SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE id = $1 RETURNING ${COLUMNS}`,
        params,
      ),
    );
    return row;
  }
}
