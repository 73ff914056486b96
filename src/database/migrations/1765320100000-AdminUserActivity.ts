import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The admin rollup's record of who was active on which UTC day (an AI call, a design, a credit movement), gathered
 * from the owning areas' services, with the user's sign-up week for the retention cohorts. The active-user counts
 * and the cohorts read only this table; admin_user_activity_days notes which days have been gathered (a day with
 * nobody active has no rows).
 */
export class AdminUserActivity1765320100000 implements MigrationInterface {
  name = 'AdminUserActivity1765320100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE admin_user_activity (
        day date NOT NULL,
        user_id uuid NOT NULL,
        signup_week date,
        PRIMARY KEY (day, user_id)
      )`);
    await q.query(
      `CREATE INDEX admin_user_activity_cohort ON admin_user_activity (signup_week, day) WHERE signup_week IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE admin_user_activity_days (
        day date PRIMARY KEY,
        gathered_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS admin_user_activity_days`);
    await q.query(`DROP TABLE IF EXISTS admin_user_activity`);
  }
}
