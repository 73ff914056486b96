import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Commerce: catalogue (products, variants with stock), carts, orders on four state axes, the payment provider's
 * processed events, idempotency keys, refunds, returns, the vault of entitlements, per-order support messages and
 * the audit trail. Money is bigint minor units with a currency from `currencies`.
 */
export class Commerce1764200000000 implements MigrationInterface {
  name = 'Commerce1764200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug varchar(120) NOT NULL UNIQUE,
        title varchar(160) NOT NULL,
        summary varchar(300) NOT NULL DEFAULT '',
        description text NOT NULL DEFAULT '',
        department varchar(20) NOT NULL CHECK (department IN ('ai', 'real_estate')),
        category varchar(40) NOT NULL,
        kind varchar(20) NOT NULL CHECK (kind IN ('credit_pack', 'digital', 'physical', 'service')),
        seller_id uuid REFERENCES users(id) ON DELETE SET NULL,
        image_key varchar(300),
        asset_key varchar(300),
        download_limit integer NOT NULL DEFAULT 5 CHECK (download_limit > 0),
        credit_amount integer CHECK (credit_amount > 0),
        credit_validity_days integer CHECK (credit_validity_days > 0),
        active boolean NOT NULL DEFAULT true,
        search tsvector GENERATED ALWAYS AS (
          to_tsvector('simple', coalesce(title, '') || ' ' || coalesce(summary, '') || ' ' || coalesce(category, ''))
        ) STORED,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX products_search_idx ON products USING gin (search)`);
    await q.query(`CREATE INDEX products_browse_idx ON products (department, category, created_at DESC) WHERE active`);
    await q.query(`
      CREATE TABLE product_variants (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
        sku varchar(60) NOT NULL UNIQUE,
        name varchar(120) NOT NULL,
        price_minor bigint NOT NULL CHECK (price_minor >= 0),
        currency varchar(10) NOT NULL REFERENCES currencies(code),
        stock integer CHECK (stock >= 0),
        position smallint NOT NULL DEFAULT 0,
        active boolean NOT NULL DEFAULT true
      )`);
    await q.query(`CREATE INDEX product_variants_product_price_idx ON product_variants (product_id, price_minor)`);
    await q.query(`CREATE INDEX product_variants_price_idx ON product_variants (price_minor, product_id) WHERE active`);

    await q.query(`
      CREATE TABLE carts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        guest_token varchar(64) UNIQUE,
        open_order_id uuid,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK (user_id IS NOT NULL OR guest_token IS NOT NULL)
      )`);
    await q.query(`
      CREATE TABLE cart_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        cart_id uuid NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
        variant_id uuid NOT NULL REFERENCES product_variants(id) ON DELETE CASCADE,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_price_minor bigint NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (cart_id, variant_id)
      )`);

    await q.query(`CREATE SEQUENCE order_number_seq START 1001`);
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        number varchar(20) NOT NULL UNIQUE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        cart_id uuid,
        content_hash varchar(64) NOT NULL,
        email varchar(254) NOT NULL,
        currency varchar(10) NOT NULL REFERENCES currencies(code),
        subtotal_minor bigint NOT NULL CHECK (subtotal_minor >= 0),
        total_minor bigint NOT NULL CHECK (total_minor >= 0),
        refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= total_minor),
        status varchar(24) NOT NULL DEFAULT 'placed'
          CHECK (status IN ('placed', 'paid', 'partially_fulfilled', 'fulfilled', 'cancelled', 'expired')),
        payment_status varchar(24) NOT NULL DEFAULT 'pending'
          CHECK (payment_status IN ('pending', 'paid', 'partially_refunded', 'refunded', 'failed')),
        fulfilment_status varchar(24) NOT NULL DEFAULT 'unfulfilled'
          CHECK (fulfilment_status IN ('unfulfilled', 'fulfilled')),
        return_status varchar(24) CHECK (return_status IN ('requested', 'approved', 'received', 'refunded', 'declined')),
        requires_shipping boolean NOT NULL DEFAULT false,
        shipping_address jsonb,
        provider varchar(20) NOT NULL,
        provider_session_id varchar(255) UNIQUE,
        provider_payment_id varchar(255),
        referral_code varchar(64),
        tracking_carrier varchar(60),
        tracking_number varchar(120),
        expires_at timestamptz NOT NULL,
        paid_at timestamptz,
        fulfilled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX orders_created_idx ON orders (created_at DESC)`);
    await q.query(`CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC)`);
    await q.query(
      `CREATE INDEX orders_unfulfilled_idx ON orders (paid_at) WHERE requires_shipping AND fulfilment_status = 'unfulfilled' AND payment_status IN ('paid', 'partially_refunded')`,
    );
    await q.query(`CREATE INDEX orders_email_idx ON orders (lower(email))`);
    await q.query(`
      CREATE TABLE order_lines (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products(id),
        variant_id uuid NOT NULL REFERENCES product_variants(id),
        title varchar(300) NOT NULL,
        category varchar(40) NOT NULL,
        kind varchar(20) NOT NULL,
        quantity integer NOT NULL CHECK (quantity > 0),
        unit_price_minor bigint NOT NULL CHECK (unit_price_minor >= 0),
        total_minor bigint NOT NULL CHECK (total_minor >= 0),
        refunded_minor bigint NOT NULL DEFAULT 0 CHECK (refunded_minor >= 0 AND refunded_minor <= total_minor)
      )`);
    await q.query(`CREATE INDEX order_lines_order_idx ON order_lines (order_id)`);

    // Processed provider events: the primary key makes a repeated delivery a no-op inside the fulfilling transaction.
    await q.query(`
      CREATE TABLE payment_events (
        provider varchar(20) NOT NULL,
        event_id varchar(255) NOT NULL,
        type varchar(80) NOT NULL,
        session_id varchar(255),
        received_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (provider, event_id)
      )`);
    await q.query(`
      CREATE TABLE idempotency_keys (
        scope varchar(120) NOT NULL,
        key varchar(255) NOT NULL,
        request_hash varchar(64) NOT NULL,
        status_code integer,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`);
    await q.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        amount_minor bigint NOT NULL CHECK (amount_minor > 0),
        reason varchar(300) NOT NULL DEFAULT '',
        lines jsonb NOT NULL DEFAULT '[]',
        status varchar(20) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded', 'failed')),
        provider_refund_id varchar(255),
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX refunds_order_idx ON refunds (order_id, created_at)`);
    await q.query(`
      CREATE TABLE order_returns (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        user_id uuid REFERENCES users(id) ON DELETE SET NULL,
        reason varchar(1000) NOT NULL,
        status varchar(20) NOT NULL DEFAULT 'requested'
          CHECK (status IN ('requested', 'approved', 'received', 'refunded', 'declined')),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_returns_order_idx ON order_returns (order_id)`);
    await q.query(`CREATE INDEX order_returns_user_idx ON order_returns (user_id, created_at DESC)`);
    // At most one open return per order.
    await q.query(
      `CREATE UNIQUE INDEX order_returns_open_unique ON order_returns (order_id) WHERE status IN ('requested', 'approved', 'received')`,
    );
    await q.query(`
      CREATE TABLE entitlements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        order_line_id uuid NOT NULL UNIQUE REFERENCES order_lines(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        product_id uuid NOT NULL REFERENCES products(id),
        title varchar(300) NOT NULL,
        asset_key varchar(300),
        download_limit integer NOT NULL,
        downloads_used integer NOT NULL DEFAULT 0 CHECK (downloads_used >= 0 AND downloads_used <= download_limit),
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX entitlements_user_idx ON entitlements (user_id, created_at DESC)`);
    await q.query(`
      CREATE TABLE order_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        author_id uuid REFERENCES users(id) ON DELETE SET NULL,
        from_staff boolean NOT NULL DEFAULT false,
        body varchar(4000) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_messages_order_idx ON order_messages (order_id, created_at)`);
    await q.query(`
      CREATE TABLE order_audit (
        id bigserial PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
        actor_id uuid REFERENCES users(id) ON DELETE SET NULL,
        action varchar(60) NOT NULL,
        detail jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX order_audit_order_idx ON order_audit (order_id, id)`);

    // The local test-mode provider's own records: what its hosted page shows and what fulfil() asks it.
    await q.query(`
      CREATE TABLE local_payment_sessions (
        id varchar(64) PRIMARY KEY,
        amount_minor bigint NOT NULL,
        currency varchar(10) NOT NULL,
        client_reference_id varchar(255) NOT NULL,
        description varchar(300) NOT NULL,
        status varchar(12) NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'paid', 'failed', 'expired')),
        success_url varchar(500) NOT NULL,
        cancel_url varchar(500) NOT NULL,
        refunded_minor bigint NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'local_payment_sessions',
      'order_audit',
      'order_messages',
      'entitlements',
      'order_returns',
      'refunds',
      'idempotency_keys',
      'payment_events',
      'order_lines',
      'orders',
      'cart_items',
      'carts',
      'product_variants',
      'products',
    ])
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    await q.query(`DROP SEQUENCE IF EXISTS order_number_seq`);
  }
}
