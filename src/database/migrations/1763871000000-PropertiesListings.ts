import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Properties (spec 3) with their components, photos and one listing each; the currency catalogue.
 * Prices are numeric(14,2) with a currency code. The market search reads published, public,
 * unarchived properties through a GiST index on point(longitude, latitude) (plain PostgreSQL, no
 * extension), so a radius query is a bounding-box index scan followed by an exact distance filter.
 */
export class PropertiesListings1763871000000 implements MigrationInterface {
  name = 'PropertiesListings1763871000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE currencies (
        code varchar(10) PRIMARY KEY,
        name varchar(60) NOT NULL,
        symbol varchar(8) NOT NULL,
        decimals smallint NOT NULL DEFAULT 2,
        is_crypto boolean NOT NULL DEFAULT false,
        position smallint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      INSERT INTO currencies (code, name, symbol, decimals, is_crypto, position) VALUES
        ('USD', 'US Dollar', '$', 2, false, 1),
        ('EUR', 'Euro', '€', 2, false, 2),
        ('GBP', 'British Pound', '£', 2, false, 3),
        ('CAD', 'Canadian Dollar', 'CA$', 2, false, 4),
        ('AUD', 'Australian Dollar', 'A$', 2, false, 5),
        ('MXN', 'Mexican Peso', 'MX$', 2, false, 6),
        ('CHF', 'Swiss Franc', 'CHF', 2, false, 7),
        ('JPY', 'Japanese Yen', '¥', 0, false, 8),
        ('AED', 'UAE Dirham', 'AED', 2, false, 9),
        ('BTC', 'Bitcoin', '₿', 8, true, 20),
        ('ETH', 'Ether', 'Ξ', 8, true, 21),
        ('USDC', 'USD Coin', 'USDC', 2, true, 22),
        ('USDT', 'Tether', 'USDT', 2, true, 23),
        ('SOL', 'Solana', 'SOL', 8, true, 24)`);

    await q.query(`
      CREATE TABLE properties (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        slug varchar(120) NOT NULL,
        name varchar(160) NOT NULL,
        description text,
        price numeric(14,2) CHECK (price >= 0),
        currency varchar(10) NOT NULL DEFAULT 'USD' REFERENCES currencies(code),
        accepted_currencies text[] NOT NULL DEFAULT '{}',
        accepted_cryptocurrencies text[] NOT NULL DEFAULT '{}',
        full_address varchar(400),
        address varchar(200),
        address_line_2 varchar(200),
        city varchar(100),
        state varchar(100),
        zip varchar(20),
        country varchar(100),
        country_code char(2),
        latitude double precision CHECK (latitude BETWEEN -90 AND 90),
        longitude double precision CHECK (longitude BETWEEN -180 AND 180),
        type varchar(30),
        sector varchar(30),
        status varchar(30) NOT NULL DEFAULT 'for_sale',
        is_private boolean NOT NULL DEFAULT false,
        publish boolean NOT NULL DEFAULT false,
        published_at timestamptz,
        archived_at timestamptz,
        featured_upload_id uuid,
        animations jsonb NOT NULL DEFAULT '[]',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX properties_slug_unique ON properties (slug)`);
    await q.query(`CREATE INDEX properties_user_updated_idx ON properties (user_id, updated_at DESC)`);
    await q.query(`
      CREATE INDEX properties_market_geo_idx ON properties USING gist (point(longitude, latitude))
      WHERE publish AND NOT is_private AND archived_at IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL`);

    await q.query(`
      CREATE TABLE property_components (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        type varchar(40) NOT NULL,
        content jsonb NOT NULL DEFAULT '{}',
        position smallint NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX property_components_type_unique ON property_components (property_id, type)`);

    await q.query(`
      CREATE TABLE property_uploads (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        component_id uuid REFERENCES property_components(id) ON DELETE SET NULL,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        key varchar(300) NOT NULL,
        variants jsonb NOT NULL DEFAULT '{}',
        width integer NOT NULL,
        height integer NOT NULL,
        size integer NOT NULL,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX property_uploads_property_idx ON property_uploads (property_id, position)`);
    await q.query(
      `CREATE INDEX property_uploads_component_idx ON property_uploads (component_id) WHERE component_id IS NOT NULL`,
    );
    await q.query(
      `ALTER TABLE properties ADD CONSTRAINT properties_featured_upload_fk FOREIGN KEY (featured_upload_id) REFERENCES property_uploads(id) ON DELETE SET NULL`,
    );

    // spot / spot video / walkthrough belong to the video module: plain references until it lands.
    await q.query(`
      CREATE TABLE listings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        spot_id uuid,
        spot_video_id uuid,
        walkthrough_id uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX listings_property_unique ON listings (property_id)`);
    await q.query(`CREATE INDEX listings_user_created_idx ON listings (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS listings`);
    await q.query(`ALTER TABLE IF EXISTS properties DROP CONSTRAINT IF EXISTS properties_featured_upload_fk`);
    await q.query(`DROP TABLE IF EXISTS property_uploads`);
    await q.query(`DROP TABLE IF EXISTS property_components`);
    await q.query(`DROP TABLE IF EXISTS properties`);
    await q.query(`DROP TABLE IF EXISTS currencies`);
  }
}
