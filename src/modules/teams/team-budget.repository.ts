import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** SQL for LLM reservations, alerts and the usage summaries of a team (part of the teams area's storage). */
@Injectable()
export class TeamBudgetRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Budget, the member's cap, and what the team and the member have spent or hold reserved since `from`. */
  async lockedSpend(tx: EntityManager, teamId: string, userId: string, from: Date) {
    const [team] = await tx.query(`SELECT monthly_budget_micro::text AS budget FROM teams WHERE id = $1 FOR UPDATE`, [
      teamId,
    ]);
    const [row] = await tx.query(
      `SELECT coalesce(sum(coalesce(settled_micro, reserved_micro)), 0)::text AS team_spent,
              coalesce(sum(coalesce(settled_micro, reserved_micro)) FILTER (WHERE user_id = $2), 0)::text AS member_spent,
              (SELECT llm_cap_micro::text FROM team_members WHERE team_id = $1 AND user_id = $2) AS cap
         FROM team_llm_reservations WHERE team_id = $1 AND created_at >= $3`,
      [teamId, userId, from],
    );
    return {
      budget: team?.budget === null || team?.budget === undefined ? null : BigInt(team.budget),
      teamSpent: BigInt(row.team_spent),
      memberSpent: BigInt(row.member_spent),
      cap: row.cap === null ? null : BigInt(row.cap),
    };
  }

  async insertReservation(tx: EntityManager, teamId: string, userId: string, feature: string, micro: bigint) {
    const [row] = await tx.query(
      `INSERT INTO team_llm_reservations (team_id, user_id, feature, reserved_micro) VALUES ($1, $2, $3, $4) RETURNING id`,
      [teamId, userId, feature, micro.toString()],
    );
    return row.id as string;
  }

  /** Settles once: a second settle of the same reservation changes nothing. */
  async settle(id: string, micro: bigint, at: Date): Promise<{ team_id: string; created_at: Date } | null> {
    const [rows] = await this.db.query(
      `UPDATE team_llm_reservations SET settled_micro = $2, settled_at = $3
        WHERE id = $1 AND settled_at IS NULL RETURNING team_id, created_at`,
      [id, micro.toString(), at],
    );
    return rows?.[0] ?? null;
  }

  async monthSpend(teamId: string, from: Date, to: Date) {
    const [row] = await this.db.query(
      `SELECT coalesce(sum(settled_micro), 0)::text AS spent,
              coalesce(sum(reserved_micro) FILTER (WHERE settled_at IS NULL), 0)::text AS reserved,
              (SELECT monthly_budget_micro::text FROM teams WHERE id = $1) AS budget
         FROM team_llm_reservations WHERE team_id = $1 AND created_at >= $2 AND created_at < $3`,
      [teamId, from, to],
    );
    return row as { spent: string; reserved: string; budget: string | null };
  }

  /** Records that an alert went out; answers false when it already had this month. */
  async markAlert(teamId: string, month: string, threshold: number): Promise<boolean> {
    const rows = await this.db.query(
      `INSERT INTO team_llm_alerts (team_id, month, threshold) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING team_id`,
      [teamId, month, threshold],
    );
    return rows.length > 0;
  }

  /** Usage records of the team in [from, to) grouped by member, model, feature and day (cost in micro-dollars). */
  async breakdown(teamId: string, from: Date, to: Date) {
    const where = `r.team_id = $1 AND r.created_at >= $2 AND r.created_at < $3`;
    const cost = `round(coalesce(sum(r.cost_usd), 0) * 1000000)::bigint::text AS cost_micro, count(*)::int AS calls`;
    const params = [teamId, from, to];
    const [byMember, byModel, byFeature, daily] = await Promise.all([
      this.db.query(
        `SELECT m.user_id, u.name, m.llm_cap_micro::text AS cap_micro,
                round(coalesce(sum(r.cost_usd), 0) * 1000000)::bigint::text AS cost_micro, count(r.id)::int AS calls
           FROM team_members m JOIN users u ON u.id = m.user_id
           LEFT JOIN usage_records r ON r.user_id = m.user_id AND ${where}
          WHERE m.team_id = $1 GROUP BY m.user_id, u.name, m.llm_cap_micro
          ORDER BY sum(r.cost_usd) DESC NULLS LAST, u.name LIMIT 100`,
        params,
      ),
      this.db.query(
        `SELECT r.model, ${cost} FROM usage_records r WHERE ${where} GROUP BY r.model ORDER BY sum(r.cost_usd) DESC`,
        params,
      ),
      this.db.query(
        `SELECT r.operation AS feature, ${cost} FROM usage_records r WHERE ${where}
          GROUP BY r.operation ORDER BY sum(r.cost_usd) DESC`,
        params,
      ),
      this.db.query(
        `SELECT to_char(date_trunc('day', r.created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day, ${cost}
           FROM usage_records r WHERE ${where} GROUP BY 1 ORDER BY 1`,
        params,
      ),
    ]);
    return { byMember, byModel, byFeature, daily };
  }
}
