import { MigrationInterface, QueryRunner } from 'typeorm';

/** AI room designer: designs, generated designs, saved prompts, edit state, dreams, design chat, usage. */
export class Designs1763874000000 implements MigrationInterface {
  name = 'Designs1763874000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE designs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        original_image varchar(255) NOT NULL,
        image varchar(255),
        high_res_image varchar(255),
        options jsonb NOT NULL DEFAULT '{}',
        prompt text,
        status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
        job_kind varchar(12) NOT NULL DEFAULT 'generate' CHECK (job_kind IN ('generate', 'regenerate')),
        job_run integer NOT NULL DEFAULT 1,
        active_generated_design_id uuid,
        progress smallint NOT NULL DEFAULT 0,
        current_step varchar(80),
        progress_steps jsonb NOT NULL DEFAULT '[]',
        failure_reason varchar(500),
        credits_charged integer NOT NULL DEFAULT 0,
        image_width integer,
        image_height integer,
        image_orientation varchar(10) CHECK (image_orientation IN ('landscape', 'portrait', 'square')),
        favorite boolean NOT NULL DEFAULT false,
        share_token varchar(64),
        provider varchar(40) NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX designs_user_created_idx ON designs (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX designs_user_favorite_idx ON designs (user_id, created_at DESC) WHERE favorite`);
    await q.query(
      `CREATE UNIQUE INDEX designs_share_token_unique ON designs (share_token) WHERE share_token IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX designs_unfinished_idx ON designs (updated_at) WHERE status IN ('pending', 'processing')`,
    );

    await q.query(`
      CREATE TABLE generated_designs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        design_id uuid NOT NULL REFERENCES designs(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        source_generated_design_id uuid REFERENCES generated_designs(id) ON DELETE SET NULL,
        kind varchar(12) NOT NULL CHECK (kind IN ('generate', 'regenerate')),
        status varchar(12) NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
        image varchar(255),
        high_res_image varchar(255),
        options jsonb NOT NULL DEFAULT '{}',
        prompt text,
        provider varchar(40) NOT NULL,
        model varchar(120),
        failure_reason varchar(500),
        width integer,
        height integer,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`);
    await q.query(`CREATE INDEX generated_designs_design_created_idx ON generated_designs (design_id, created_at)`);
    await q.query(`CREATE INDEX generated_designs_source_idx ON generated_designs (source_generated_design_id)`);

    await q.query(`
      CREATE TABLE saved_prompts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name varchar(80) NOT NULL,
        prompt text NOT NULL,
        options jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX saved_prompts_user_created_idx ON saved_prompts (user_id, created_at DESC)`);

    await q.query(`
      CREATE TABLE design_edit_states (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        design_id uuid NOT NULL REFERENCES designs(id) ON DELETE CASCADE,
        side varchar(5) NOT NULL CHECK (side IN ('front', 'back')),
        edit_history jsonb NOT NULL DEFAULT '[]',
        selected_brands jsonb NOT NULL DEFAULT '[]',
        current_design_html text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX design_edit_states_design_side_unique ON design_edit_states (design_id, side)`);

    await q.query(`
      CREATE TABLE design_edit_sessions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        design_id uuid NOT NULL REFERENCES designs(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        side varchar(5) NOT NULL CHECK (side IN ('front', 'back')),
        edits integer NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz
      )`);
    await q.query(
      `CREATE INDEX design_edit_sessions_design_side_idx ON design_edit_sessions (design_id, side, started_at DESC)`,
    );

    await q.query(`
      CREATE TABLE dreams (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        design_id uuid NOT NULL REFERENCES designs(id) ON DELETE CASCADE,
        generated_design_id uuid REFERENCES generated_designs(id) ON DELETE SET NULL,
        title varchar(120) NOT NULL,
        note text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX dreams_user_created_idx ON dreams (user_id, created_at DESC)`);
    await q.query(`CREATE INDEX dreams_design_idx ON dreams (design_id)`);

    await q.query(`
      CREATE TABLE design_chat_messages (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        design_id uuid NOT NULL REFERENCES designs(id) ON DELETE CASCADE,
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role varchar(10) NOT NULL CHECK (role IN ('user', 'assistant')),
        content text NOT NULL,
        provider varchar(40),
        model varchar(120),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX design_chat_messages_design_created_idx ON design_chat_messages (design_id, created_at)`,
    );

    await q.query(`
      CREATE TABLE usage_records (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid REFERENCES users(id) ON DELETE CASCADE,
        kind varchar(8) NOT NULL CHECK (kind IN ('llm', 'image')),
        provider varchar(40) NOT NULL,
        model varchar(120) NOT NULL,
        operation varchar(60) NOT NULL,
        units numeric(14, 4) NOT NULL DEFAULT 0,
        unit varchar(20) NOT NULL,
        input_tokens integer,
        output_tokens integer,
        cost_usd numeric(12, 6) NOT NULL DEFAULT 0,
        duration_ms integer,
        subject_id uuid,
        succeeded boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX usage_records_user_created_idx ON usage_records (user_id, created_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const table of [
      'usage_records',
      'design_chat_messages',
      'dreams',
      'design_edit_sessions',
      'design_edit_states',
      'saved_prompts',
      'generated_designs',
      'designs',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
