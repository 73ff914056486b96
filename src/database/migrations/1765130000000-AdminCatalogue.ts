import { MigrationInterface, QueryRunner } from 'typeorm';

const DEFAULTS: Array<[string, string[]]> = [
  [
    'room_type',
    ['Living room', 'Bedroom', 'Kitchen', 'Bathroom', 'Dining room', 'Home office', 'Kids room', 'Outdoor patio'],
  ],
  [
    'theme',
    [
      'Modern',
      'Scandinavian',
      'Industrial',
      'Bohemian',
      'Coastal',
      'Mid-century',
      'Farmhouse',
      'Japandi',
      'Luxury',
      'Minimalist',
    ],
  ],
  ['designer', ['Any', 'Kelly Wearstler', 'Joanna Gaines', 'Axel Vervoordt', 'Studio McGee', 'India Mahdavi']],
];
const PALETTES: Record<string, string[]> = {
  'Warm neutrals': ['#f3e9dc', '#c8ad8d', '#8a6a4f'],
  'Cool greys': ['#eef1f4', '#a3adb8', '#4b5563'],
  'Forest greens': ['#e8efe6', '#8fae8b', '#2f4f3a'],
  'Ocean blues': ['#e6f1f8', '#7fb2d6', '#1f4e79'],
  Terracotta: ['#f6e7dc', '#d38b5d', '#7a3b1d'],
  'Black & white': ['#fafafa', '#9ca3af', '#111827'],
  'Blush & gold': ['#fbeff0', '#e3b7a0', '#b08d57'],
  'Earthy olive': ['#eeeadb', '#a3a36b', '#4d4a2a'],
};

/**
 * Admin console, second part: the designer's asset catalogue (filled with the options that used to live in code),
 * sticker packs, design-chat moderation (flags and hidden messages), announcements and broadcasts.
 */
export class AdminCatalogue1765130000000 implements MigrationInterface {
  name = 'AdminCatalogue1765130000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE design_assets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        category varchar(16) NOT NULL CHECK (category IN ('room_type', 'designer', 'location', 'theme', 'color')),
        name varchar(80) NOT NULL,
        prompt_fragment varchar(500),
        colors jsonb NOT NULL DEFAULT '[]',
        preview_key varchar(300),
        enabled boolean NOT NULL DEFAULT true,
        position integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX design_assets_category_name ON design_assets (category, lower(name))`);
    await q.query(`CREATE INDEX design_assets_listing ON design_assets (category, position, id)`);
    const rows: unknown[] = [];
    const values: string[] = [];
    const push = (category: string, name: string, position: number, colors: string[]) => {
      const n = rows.length;
      values.push(`($${n + 1}, $${n + 2}, $${n + 3}, $${n + 4}::jsonb)`);
      rows.push(category, name, position, JSON.stringify(colors));
    };
    for (const [category, names] of DEFAULTS) names.forEach((name, i) => push(category, name, i, []));
    Object.entries(PALETTES).forEach(([name, colors], i) => push('color', name, i, colors));
    await q.query(`INSERT INTO design_assets (category, name, position, colors) VALUES ${values.join(', ')}`, rows);

    await q.query(`
      CREATE TABLE sticker_packs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name varchar(80) NOT NULL,
        description varchar(500),
        enabled boolean NOT NULL DEFAULT true,
        price_minor integer NOT NULL DEFAULT 0 CHECK (price_minor >= 0),
        currency char(3) NOT NULL DEFAULT 'USD',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sticker_packs_created ON sticker_packs (created_at DESC, id)`);
    await q.query(`
      CREATE TABLE stickers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        pack_id uuid NOT NULL REFERENCES sticker_packs(id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        image_key varchar(300) NOT NULL,
        thumb_key varchar(300) NOT NULL,
        width integer NOT NULL,
        height integer NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX stickers_pack ON stickers (pack_id, created_at, id)`);

    await q.query(`ALTER TABLE design_chat_messages ADD COLUMN hidden_at timestamptz, ADD COLUMN hidden_by uuid`);
    await q.query(`
      CREATE TABLE design_chat_flags (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        message_id uuid NOT NULL REFERENCES design_chat_messages(id) ON DELETE CASCADE,
        reporter_id uuid,
        source varchar(8) NOT NULL CHECK (source IN ('user', 'filter')),
        reason varchar(300) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        resolved_at timestamptz,
        resolution varchar(16)
      )`);
    // One flag per reporter per message, and one from the filter.
    await q.query(
      `CREATE UNIQUE INDEX design_chat_flags_once ON design_chat_flags (message_id, coalesce(reporter_id, '00000000-0000-0000-0000-000000000000'))`,
    );
    await q.query(
      `CREATE INDEX design_chat_flags_open ON design_chat_flags (created_at DESC, id) WHERE resolved_at IS NULL`,
    );
    await q.query(`CREATE INDEX design_chat_flags_all ON design_chat_flags (created_at DESC, id)`);

    await q.query(`
      CREATE TABLE announcements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(120) NOT NULL,
        body varchar(1000) NOT NULL DEFAULT '',
        url varchar(300),
        style varchar(8) NOT NULL CHECK (style IN ('banner', 'toast')),
        audience varchar(16) NOT NULL,
        starts_at timestamptz NOT NULL,
        ends_at timestamptz,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX announcements_window ON announcements (starts_at, ends_at)`);
    await q.query(`CREATE INDEX announcements_created ON announcements (created_at DESC, id)`);
    await q.query(`
      CREATE TABLE broadcasts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        title varchar(120) NOT NULL,
        body varchar(2000) NOT NULL DEFAULT '',
        url varchar(300),
        audience varchar(16) NOT NULL,
        status varchar(8) NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'sending', 'done')),
        total integer NOT NULL DEFAULT 0,
        sent integer NOT NULL DEFAULT 0,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`);
    await q.query(`CREATE INDEX broadcasts_created ON broadcasts (created_at DESC, id)`);
    await q.query(`
      CREATE TABLE broadcast_recipients (
        broadcast_id uuid NOT NULL REFERENCES broadcasts(id) ON DELETE CASCADE,
        user_id uuid NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (broadcast_id, user_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS broadcast_recipients, broadcasts, announcements, design_chat_flags`);
    await q.query(`ALTER TABLE design_chat_messages DROP COLUMN IF EXISTS hidden_at, DROP COLUMN IF EXISTS hidden_by`);
    await q.query(`DROP TABLE IF EXISTS stickers, sticker_packs, design_assets`);
  }
}
