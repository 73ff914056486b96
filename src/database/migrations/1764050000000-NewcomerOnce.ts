import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Things that happen once per pair or per person, kept by a unique key so a retry or a repeat is a no-op:
 * - a realtor hears "X started following you" once per follower, however often X unfollows and follows again;
 * - a verified account receives its welcome credits once.
 */
export class NewcomerOnce1764050000000 implements MigrationInterface {
  name = 'NewcomerOnce1764050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE follow_notices (
      follower_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      followee_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (follower_id, followee_id)
    )`);
    await q.query(`CREATE TABLE welcome_grants (
      user_id uuid PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
      credits integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS welcome_grants`);
    await q.query(`DROP TABLE IF EXISTS follow_notices`);
  }
}
