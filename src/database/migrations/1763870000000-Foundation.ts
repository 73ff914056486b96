import { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, sessions, the dev mailbox and the image-credit ledger. */
export class Foundation1763870000000 implements MigrationInterface {
  name = 'Foundation1763870000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE EXTENSION IF NOT EXISTS pgcrypto`);
    await q.query(`
      CREATE TABLE users (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(120) NOT NULL,
        email varchar(254) NOT NULL,
        handle varchar(30),
        type varchar(20) NOT NULL DEFAULT 'viewer',
        role varchar(10) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        password_hash text NOT NULL,
        email_verified_at timestamptz,
        avatar_path varchar(255),
        bio text,
        timezone varchar(64) NOT NULL DEFAULT 'UTC',
        notification_preferences jsonb NOT NULL DEFAULT '{"email":{},"push":{}}',
        two_factor_secret text,
        two_factor_recovery_codes text[],
        two_factor_confirmed_at timestamptz,
        image_credits integer NOT NULL DEFAULT 0 CHECK (image_credits >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX users_email_unique ON users (email)`);
    await q.query(`CREATE UNIQUE INDEX users_handle_unique ON users (handle)`);

    await q.query(`
      CREATE TABLE user_addresses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        label varchar(60) NOT NULL,
        line1 varchar(200) NOT NULL,
        line2 varchar(200),
        city varchar(100) NOT NULL,
        state varchar(100) NOT NULL,
        zip varchar(20) NOT NULL,
        country_code char(2) NOT NULL,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX user_addresses_user_idx ON user_addresses (user_id)`);

    await q.query(`
      CREATE TABLE connected_accounts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        provider varchar(40) NOT NULL,
        provider_user_id varchar(200) NOT NULL,
        display_name varchar(200),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX connected_accounts_provider_unique ON connected_accounts (provider, provider_user_id)`,
    );
    await q.query(`CREATE INDEX connected_accounts_user_idx ON connected_accounts (user_id)`);

    await q.query(`
      CREATE TABLE credit_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(10) NOT NULL CHECK (kind IN ('grant', 'purchase', 'spend', 'refund')),
        amount integer NOT NULL,
        balance_after integer NOT NULL,
        reason varchar(200) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX credit_transactions_user_created_idx ON credit_transactions (user_id, created_at)`);

    // Sessions carry user_id so "log out other sessions" and account deletion reach every device.
    await q.query(`
      CREATE TABLE sessions (
        sid varchar(64) PRIMARY KEY,
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        data jsonb NOT NULL,
        user_agent varchar(300),
        ip varchar(64),
        expires_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sessions_user_idx ON sessions (user_id)`);
    await q.query(`CREATE INDEX sessions_expires_idx ON sessions (expires_at)`);

    await q.query(`
      CREATE TABLE password_reset_tokens (
        email varchar(254) PRIMARY KEY,
        token_hash varchar(128) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);

    await q.query(`
      CREATE TABLE mails (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "to" varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        html text NOT NULL,
        text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX mails_to_created_idx ON mails ("to", created_at DESC)`);
    await q.query(`CREATE INDEX mails_created_idx ON mails (created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'mails',
      'password_reset_tokens',
      'sessions',
      'credit_transactions',
      'connected_accounts',
      'user_addresses',
      'users',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
