import { MigrationInterface, QueryRunner } from 'typeorm';

/** The last TOTP time step accepted for a user, so a code cannot be replayed within its window. */
export class TwoFactorLastStep1763880000000 implements MigrationInterface {
  name = 'TwoFactorLastStep1763880000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users ADD COLUMN two_factor_last_step bigint`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE users DROP COLUMN IF EXISTS two_factor_last_step`);
  }
}
