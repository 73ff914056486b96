import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Delayed jobs of the in-process runner (no Redis: the embedded quick start), kept in PostgreSQL as BullMQ keeps
 * them in Redis, so a restart re-arms a 30-day hold or a 90-day expiry instead of losing it. A row lives from the
 * dispatch until the job starts; the id is the job id, so the same timer is queued once.
 */
export class InProcessDelayedJobs1765800100000 implements MigrationInterface {
  name = 'InProcessDelayedJobs1765800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE in_process_delayed_jobs (
        id varchar(300) PRIMARY KEY,
        queue varchar(20) NOT NULL,
        name varchar(100) NOT NULL,
        data jsonb NOT NULL,
        due_at timestamptz NOT NULL,
        attempts integer NOT NULL,
        backoff_ms integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE in_process_delayed_jobs`);
  }
}
