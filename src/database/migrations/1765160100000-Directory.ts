import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The directory of service providers: industries (a fixed list, seeded here), one provider profile per user in
 * one industry, each with offerings (a price in minor units, or a quote on request). Providers are searched by
 * words (a generated tsvector with a GIN index), industry and city; verified ones first.
 */
export class Directory1765160100000 implements MigrationInterface {
  name = 'Directory1765160100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE industries (
        id smallserial PRIMARY KEY,
        slug varchar(40) NOT NULL UNIQUE,
        name varchar(80) NOT NULL,
        description varchar(300) NOT NULL DEFAULT '',
        position smallint NOT NULL DEFAULT 0
      )`);
    await q.query(`
      INSERT INTO industries (slug, name, description, position) VALUES
        ('staging', 'Home staging', 'Furniture, styling and virtual staging that sell the space.', 1),
        ('photography', 'Photography', 'Listing photos, twilight shoots and drone stills.', 2),
        ('videography', 'Video and drone', 'Walkthrough films, spots and aerial video.', 3),
        ('inspection', 'Inspection', 'Home, roof, pest and pool inspections.', 4),
        ('lending', 'Lending', 'Mortgage brokers and jumbo-loan lenders.', 5),
        ('legal', 'Legal and escrow', 'Real-estate attorneys, title and escrow.', 6),
        ('design', 'Interior design', 'Designers and architects for renovations and new builds.', 7),
        ('moving', 'Moving and storage', 'Movers, packers and fine-art handling.', 8)`);
    await q.query(`
      CREATE TABLE service_providers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        industry_id smallint NOT NULL REFERENCES industries(id),
        name varchar(120) NOT NULL,
        headline varchar(200) NOT NULL DEFAULT '',
        bio varchar(4000) NOT NULL DEFAULT '',
        city varchar(80) NOT NULL DEFAULT '',
        website varchar(300),
        licence_number varchar(60),
        verified_at timestamptz,
        offerings_count integer NOT NULL DEFAULT 0 CHECK (offerings_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search tsvector GENERATED ALWAYS AS (
          to_tsvector('simple', name || ' ' || headline || ' ' || city)
        ) STORED
      )`);
    await q.query(`CREATE INDEX service_providers_search_idx ON service_providers USING gin (search)`);
    await q.query(
      `CREATE INDEX service_providers_industry_idx ON service_providers (industry_id, (verified_at IS NULL), name, id)`,
    );
    await q.query(`CREATE INDEX service_providers_order_idx ON service_providers ((verified_at IS NULL), name, id)`);
    await q.query(`CREATE INDEX service_providers_city_idx ON service_providers (lower(city))`);
    await q.query(`
      CREATE TABLE offerings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        provider_id uuid NOT NULL REFERENCES service_providers(id) ON DELETE CASCADE,
        title varchar(120) NOT NULL,
        description varchar(2000) NOT NULL DEFAULT '',
        price_minor integer CHECK (price_minor IS NULL OR price_minor >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        created_at timestamptz NOT NULL DEFAULT now(),
        search tsvector GENERATED ALWAYS AS (to_tsvector('simple', title || ' ' || description)) STORED
      )`);
    await q.query(`CREATE INDEX offerings_provider_idx ON offerings (provider_id, created_at, id)`);
    await q.query(`CREATE INDEX offerings_search_idx ON offerings USING gin (search)`);
    await q.query(`CREATE INDEX offerings_recent_idx ON offerings (created_at DESC, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS offerings, service_providers, industries`);
  }
}
