import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Affiliate programme. `affiliate_ledger` is append-only (a trigger refuses UPDATE and DELETE): every movement of
 * money between buckets (pending -> available -> in_transit -> paid, or -> reversed / cancelled) is a pair of
 * signed rows, so any balance is a sum and any past balance can be recomputed.
 */
export class Affiliates1764300000000 implements MigrationInterface {
  name = 'Affiliates1764300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE affiliate_guidelines (
        version integer PRIMARY KEY,
        body text NOT NULL,
        published_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query(`INSERT INTO affiliate_guidelines (version, body) VALUES (1, $1)`, [
      'Promote Reelty honestly: say you earn a commission when people buy through your links. No paid ads on our ' +
        'brand name, no spam, no incentives to sign up, no buying through your own links. Commissions are paid ' +
        'after the refund window; refunded sales are reversed. Breaking these rules can end your membership.',
    ]);
    await q.query(`
      CREATE TABLE affiliates (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        code varchar(32) NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending','approved','rejected','banned')),
        website varchar(300),
        audience text,
        payout_method varchar(16) NOT NULL DEFAULT 'manual' CHECK (payout_method IN ('manual','paypal','crypto')),
        payout_destination varchar(200),
        accepted_guidelines_version integer REFERENCES affiliate_guidelines(version),
        minimum_payout_minor bigint CHECK (minimum_payout_minor >= 0),
        recruiter_id uuid REFERENCES affiliates(id) ON DELETE SET NULL,
        status_reason text,
        email_key varchar(254) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX affiliates_code_unique ON affiliates (lower(code))`);
    await q.query(`CREATE INDEX affiliates_status_created_idx ON affiliates (status, created_at DESC)`);
    await q.query(`CREATE INDEX affiliates_recruiter_idx ON affiliates (recruiter_id) WHERE recruiter_id IS NOT NULL`);
    await q.query(`
      CREATE TABLE affiliate_audit (
        id bigserial PRIMARY KEY,
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        action varchar(40) NOT NULL,
        reason text,
        data jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX affiliate_audit_affiliate_idx ON affiliate_audit (affiliate_id, id DESC)`);
    await q.query(`
      CREATE TABLE affiliate_links (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        token varchar(24) NOT NULL UNIQUE,
        destination varchar(500) NOT NULL,
        campaign varchar(60),
        clicks integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX affiliate_links_affiliate_idx ON affiliate_links (affiliate_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE affiliate_clicks (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        link_id uuid REFERENCES affiliate_links(id) ON DELETE SET NULL,
        token varchar(40) NOT NULL UNIQUE,
        ip_hash varchar(64),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX affiliate_clicks_affiliate_created_idx ON affiliate_clicks (affiliate_id, created_at)`);
    await q.query(`
      CREATE TABLE affiliate_referrals (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        click_id uuid REFERENCES affiliate_clicks(id) ON DELETE SET NULL,
        source varchar(8) NOT NULL CHECK (source IN ('link','code')),
        clicked_at timestamptz NOT NULL,
        bound_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX affiliate_referrals_affiliate_idx ON affiliate_referrals (affiliate_id, bound_at DESC)`,
    );
    await q.query(`
      CREATE TABLE affiliate_commission_rules (
        category varchar(60) PRIMARY KEY,
        kind varchar(8) NOT NULL CHECK (kind IN ('percent','flat')),
        rate_bps integer NOT NULL DEFAULT 0 CHECK (rate_bps BETWEEN 0 AND 10000),
        flat_minor bigint NOT NULL DEFAULT 0 CHECK (flat_minor >= 0),
        recurring boolean NOT NULL DEFAULT false
      )`);
    await q.query(`INSERT INTO affiliate_commission_rules (category, kind, rate_bps) VALUES ('*', 'percent', 2000)`);
    await q.query(`
      CREATE TABLE affiliate_payout_batches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        status varchar(12) NOT NULL CHECK (status IN ('preview','running','completed','cancelled')),
        currency varchar(3) NOT NULL,
        payout_count integer NOT NULL DEFAULT 0,
        total_minor bigint NOT NULL DEFAULT 0,
        processed integer NOT NULL DEFAULT 0,
        sent integer NOT NULL DEFAULT 0,
        failed integer NOT NULL DEFAULT 0,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        finished_at timestamptz
      )`);
    // One batch pays at a time: a second confirm cannot start while one runs.
    await q.query(
      `CREATE UNIQUE INDEX affiliate_batches_one_running ON affiliate_payout_batches ((true)) WHERE status = 'running'`,
    );
    await q.query(`
      CREATE TABLE affiliate_payouts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        batch_id uuid NOT NULL REFERENCES affiliate_payout_batches(id) ON DELETE CASCADE,
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        currency varchar(3) NOT NULL,
        method varchar(16) NOT NULL,
        destination varchar(200),
        idempotency_key varchar(80) NOT NULL UNIQUE,
        status varchar(8) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued','sent','failed')),
        failure_reason text,
        provider_reference varchar(120),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (batch_id, affiliate_id)
      )`);
    await q.query(`CREATE INDEX affiliate_payouts_affiliate_idx ON affiliate_payouts (affiliate_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE affiliate_commissions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        tier smallint NOT NULL CHECK (tier IN (1, 2)),
        parent_id uuid REFERENCES affiliate_commissions(id) ON DELETE CASCADE,
        order_id varchar(64) NOT NULL,
        order_number varchar(40) NOT NULL,
        order_line_id varchar(64) NOT NULL,
        category varchar(60) NOT NULL,
        base_minor bigint NOT NULL,
        amount_minor bigint NOT NULL CHECK (amount_minor >= 0),
        currency varchar(3) NOT NULL,
        status varchar(10) NOT NULL CHECK (status IN ('pending','approved','paid','reversed','cancelled')),
        status_before_ban varchar(10),
        status_reason text NOT NULL,
        moves_at timestamptz,
        payout_id uuid REFERENCES affiliate_payouts(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (order_line_id, tier)
      )`);
    await q.query(
      `CREATE INDEX affiliate_commissions_affiliate_idx ON affiliate_commissions (affiliate_id, created_at DESC)`,
    );
    await q.query(`CREATE INDEX affiliate_commissions_order_idx ON affiliate_commissions (order_id)`);
    await q.query(
      `CREATE INDEX affiliate_commissions_payout_idx ON affiliate_commissions (payout_id) WHERE payout_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX affiliate_commissions_due_idx ON affiliate_commissions (moves_at) WHERE status = 'pending'`,
    );
    await q.query(`
      CREATE TABLE affiliate_ledger (
        id bigserial PRIMARY KEY,
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        commission_id uuid REFERENCES affiliate_commissions(id) ON DELETE SET NULL,
        payout_id uuid REFERENCES affiliate_payouts(id) ON DELETE SET NULL,
        bucket varchar(12) NOT NULL CHECK (bucket IN ('pending','available','in_transit','paid','reversed','cancelled')),
        amount_minor bigint NOT NULL,
        currency varchar(3) NOT NULL,
        reason text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX affiliate_ledger_balance_idx ON affiliate_ledger (bucket, affiliate_id) INCLUDE (amount_minor)`,
    );
    await q.query(`CREATE INDEX affiliate_ledger_affiliate_idx ON affiliate_ledger (affiliate_id, id DESC)`);
    await q.query(`
      CREATE FUNCTION affiliate_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'affiliate_ledger is append-only'; END $$`);
    await q.query(`
      CREATE TRIGGER affiliate_ledger_no_change BEFORE UPDATE OR DELETE ON affiliate_ledger
      FOR EACH ROW EXECUTE FUNCTION affiliate_ledger_append_only()`);
    await q.query(`
      CREATE TABLE affiliate_tax_forms (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL CHECK (kind IN ('w9','w8ben')),
        storage_key varchar(300) NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'submitted' CHECK (status IN ('submitted','approved','rejected')),
        review_note text,
        reviewed_by uuid REFERENCES users(id) ON DELETE SET NULL,
        reviewed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX affiliate_tax_forms_affiliate_idx ON affiliate_tax_forms (affiliate_id, created_at DESC)`,
    );
    await q.query(`CREATE INDEX affiliate_tax_forms_status_idx ON affiliate_tax_forms (status, created_at)`);
    await q.query(`
      CREATE TABLE affiliate_materials (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(120) NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('image','copy')),
        body text,
        storage_key varchar(300),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE affiliate_flags (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        affiliate_id uuid NOT NULL REFERENCES affiliates(id) ON DELETE CASCADE,
        kind varchar(20) NOT NULL,
        detail text NOT NULL,
        status varchar(10) NOT NULL DEFAULT 'open' CHECK (status IN ('open','dismissed')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX affiliate_flags_status_idx ON affiliate_flags (status, created_at DESC)`);
    // Events this area has applied (refunds change the ledger, so a repeated delivery must be recognised).
    await q.query(`
      CREATE TABLE affiliate_processed_events (
        event_id varchar(120) PRIMARY KEY,
        processed_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'affiliate_processed_events',
      'affiliate_flags',
      'affiliate_materials',
      'affiliate_tax_forms',
      'affiliate_ledger',
      'affiliate_commissions',
      'affiliate_payouts',
      'affiliate_payout_batches',
      'affiliate_commission_rules',
      'affiliate_referrals',
      'affiliate_clicks',
      'affiliate_links',
      'affiliate_audit',
      'affiliates',
      'affiliate_guidelines',
    ])
      await q.query(`DROP TABLE IF EXISTS ${table} CASCADE`);
    await q.query(`DROP FUNCTION IF EXISTS affiliate_ledger_append_only()`);
  }
}
