import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Collections: a buyer's named sets of listings, shared with members (view or edit) and/or by an unguessable,
 * revocable link, with comments per saved listing.
 */
export class Collections1765140100000 implements MigrationInterface {
  name = 'Collections1765140100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE collections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        share_token varchar(64) UNIQUE,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX collections_owner_idx ON collections (owner_id, updated_at DESC)`);
    await q.query(`
      CREATE TABLE collection_members (
        collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(4) NOT NULL CHECK (role IN ('view', 'edit')),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (collection_id, user_id)
      )`);
    await q.query(`CREATE INDEX collection_members_user_idx ON collection_members (user_id)`);
    await q.query(`
      CREATE TABLE collection_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
        property_id uuid NOT NULL REFERENCES properties(id) ON DELETE CASCADE,
        added_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (collection_id, property_id)
      )`);
    await q.query(`CREATE INDEX collection_items_collection_idx ON collection_items (collection_id, created_at DESC)`);
    await q.query(`CREATE INDEX collection_items_property_idx ON collection_items (property_id)`);
    await q.query(`
      CREATE TABLE collection_comments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        item_id uuid NOT NULL REFERENCES collection_items(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        body text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX collection_comments_item_idx ON collection_comments (item_id, created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE collection_comments, collection_items, collection_members, collections`);
  }
}
