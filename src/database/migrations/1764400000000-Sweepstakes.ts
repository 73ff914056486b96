import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sweepstakes: the sweepstakes row (rules locked at open, the draw's published inputs), dated amendments, entries
 * (one free entry per person per period, bonus entries unique per source action), the entrant list frozen at close,
 * the ordered picks (winners then alternates) with their claim state, and an audit trail.
 */
export class Sweepstakes1764400000000 implements MigrationInterface {
  name = 'Sweepstakes1764400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE sweepstakes (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(160) NOT NULL,
        summary text NOT NULL DEFAULT '',
        state varchar(16) NOT NULL DEFAULT 'draft',
        rules jsonb NOT NULL,
        opens_at timestamptz NOT NULL,
        closes_at timestamptz NOT NULL,
        total_prize_minor bigint NOT NULL DEFAULT 0,
        currency char(3) NOT NULL DEFAULT 'USD',
        registration_required boolean NOT NULL DEFAULT false,
        registered_on date,
        registration_reference varchar(120),
        locked_at timestamptz,
        opened_at timestamptz,
        closed_at timestamptz,
        voided_at timestamptz,
        entry_count integer NOT NULL DEFAULT 0,
        entrant_count integer NOT NULL DEFAULT 0,
        entrants_hash char(64),
        seed_commitment char(64),
        server_seed char(64),
        beacon varchar(200),
        picks_requested integer NOT NULL DEFAULT 0,
        frozen_at timestamptz,
        draw_started_at timestamptz,
        drawn_at timestamptz,
        draw_steps jsonb NOT NULL DEFAULT '[]',
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sweepstakes_state_check
          CHECK (state IN ('draft', 'scheduled', 'open', 'closed', 'drawing', 'drawn', 'void'))
      )`);
    await q.query(`CREATE INDEX sweepstakes_state_opens_idx ON sweepstakes (state, opens_at DESC)`);
    await q.query(`CREATE INDEX sweepstakes_created_idx ON sweepstakes (created_at DESC)`);

    await q.query(`
      CREATE TABLE sweepstakes_amendments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sweepstakes_id uuid NOT NULL REFERENCES sweepstakes(id) ON DELETE CASCADE,
        summary text NOT NULL,
        changes jsonb NOT NULL DEFAULT '{}',
        effective_at timestamptz NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sweepstakes_amendments_idx ON sweepstakes_amendments (sweepstakes_id, effective_at)`);

    await q.query(`
      CREATE TABLE sweepstakes_entries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sweepstakes_id uuid NOT NULL REFERENCES sweepstakes(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        source varchar(16) NOT NULL,
        source_ref varchar(120),
        period_key varchar(16),
        entries integer NOT NULL DEFAULT 1 CHECK (entries >= 1),
        region varchar(10),
        ip varchar(64),
        device varchar(64),
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sweepstakes_entries_source_check CHECK (source IN ('free', 'purchase', 'referral', 'share'))
      )`);
    // One free entry per person per period; a bonus action (an order, a referral, a share) counts once.
    await q.query(
      `CREATE UNIQUE INDEX sweepstakes_entries_period_uq ON sweepstakes_entries (sweepstakes_id, user_id, period_key) WHERE source = 'free'`,
    );
    await q.query(
      `CREATE UNIQUE INDEX sweepstakes_entries_action_uq ON sweepstakes_entries (sweepstakes_id, source, source_ref) WHERE source_ref IS NOT NULL`,
    );
    await q.query(`CREATE INDEX sweepstakes_entries_user_idx ON sweepstakes_entries (sweepstakes_id, user_id)`);
    await q.query(
      `CREATE INDEX sweepstakes_entries_created_idx ON sweepstakes_entries (sweepstakes_id, created_at DESC, id DESC)`,
    );

    await q.query(`
      CREATE TABLE sweepstakes_entrants (
        sweepstakes_id uuid NOT NULL REFERENCES sweepstakes(id) ON DELETE CASCADE,
        ref varchar(24) NOT NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        entries integer NOT NULL,
        email_key varchar(320) NOT NULL,
        account_created_at timestamptz NOT NULL,
        first_ip varchar(64),
        first_device varchar(64),
        first_entry_at timestamptz NOT NULL,
        PRIMARY KEY (sweepstakes_id, ref),
        UNIQUE (sweepstakes_id, user_id)
      )`);

    await q.query(`
      CREATE TABLE sweepstakes_winners (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sweepstakes_id uuid NOT NULL REFERENCES sweepstakes(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        entrant_ref varchar(24) NOT NULL,
        entries integer NOT NULL,
        rank integer NOT NULL,
        prize_index integer,
        status varchar(16) NOT NULL,
        disqualify_reason varchar(24),
        notified_at timestamptz,
        claim_deadline timestamptz,
        claimed_at timestamptz,
        fulfilled_at timestamptz,
        tracking varchar(200),
        shipping jsonb,
        affidavit_at timestamptz,
        tax_form_key varchar(300),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (sweepstakes_id, rank),
        UNIQUE (sweepstakes_id, user_id),
        CONSTRAINT sweepstakes_winners_status_check
          CHECK (status IN ('standby', 'notified', 'claimed', 'fulfilled', 'forfeited', 'disqualified'))
      )`);
    // A prize has at most one live holder at a time (a forfeited or disqualified holder frees it for an alternate).
    await q.query(
      `CREATE UNIQUE INDEX sweepstakes_winners_prize_uq ON sweepstakes_winners (sweepstakes_id, prize_index) WHERE status IN ('notified', 'claimed', 'fulfilled')`,
    );
    await q.query(`CREATE INDEX sweepstakes_winners_user_idx ON sweepstakes_winners (user_id)`);

    await q.query(`
      CREATE TABLE sweepstakes_audit (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sweepstakes_id uuid NOT NULL REFERENCES sweepstakes(id) ON DELETE CASCADE,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        action varchar(40) NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sweepstakes_audit_idx ON sweepstakes_audit (sweepstakes_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'sweepstakes_audit',
      'sweepstakes_winners',
      'sweepstakes_entrants',
      'sweepstakes_entries',
      'sweepstakes_amendments',
      'sweepstakes',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
