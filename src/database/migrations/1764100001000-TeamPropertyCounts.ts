import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A team's property counts per publish state (draft, published, archived), kept exact by a trigger on properties,
 * so the team dashboard answers its state tabs and totals in O(1) instead of counting up to 100,000+ rows on every
 * request. A property's state: archived when archived_at is set, else published when publish, else draft.
 */
export class TeamPropertyCounts1764100001000 implements MigrationInterface {
  name = 'TeamPropertyCounts1764100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE team_property_counts (
        team_id uuid PRIMARY KEY REFERENCES teams(id) ON DELETE CASCADE,
        draft integer NOT NULL DEFAULT 0,
        published integer NOT NULL DEFAULT 0,
        archived integer NOT NULL DEFAULT 0
      )`);
    await q.query(`
      CREATE FUNCTION team_property_counts_apply(team uuid, is_published boolean, archived timestamptz, delta integer)
      RETURNS void LANGUAGE plpgsql AS $$
      BEGIN
        IF team IS NULL THEN RETURN; END IF;
        INSERT INTO team_property_counts (team_id, draft, published, archived)
        VALUES (
          team,
          CASE WHEN archived IS NULL AND NOT is_published THEN delta ELSE 0 END,
          CASE WHEN archived IS NULL AND is_published THEN delta ELSE 0 END,
          CASE WHEN archived IS NOT NULL THEN delta ELSE 0 END)
        ON CONFLICT (team_id) DO UPDATE SET
          draft = team_property_counts.draft + EXCLUDED.draft,
          published = team_property_counts.published + EXCLUDED.published,
          archived = team_property_counts.archived + EXCLUDED.archived;
      END $$`);
    await q.query(`
      CREATE FUNCTION team_property_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM team_property_counts_apply(OLD.team_id, OLD.publish, OLD.archived_at, -1);
        END IF;
        IF TG_OP IN ('UPDATE', 'INSERT') THEN
          PERFORM team_property_counts_apply(NEW.team_id, NEW.publish, NEW.archived_at, 1);
        END IF;
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER properties_team_counts AFTER INSERT OR DELETE OR UPDATE OF team_id, publish, archived_at
      ON properties FOR EACH ROW EXECUTE FUNCTION team_property_counts_trigger()`);
    await q.query(`
      INSERT INTO team_property_counts (team_id, draft, published, archived)
      SELECT team_id,
             count(*) FILTER (WHERE archived_at IS NULL AND NOT publish),
             count(*) FILTER (WHERE archived_at IS NULL AND publish),
             count(*) FILTER (WHERE archived_at IS NOT NULL)
        FROM properties WHERE team_id IS NOT NULL GROUP BY team_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS properties_team_counts ON properties`);
    await q.query(`DROP FUNCTION IF EXISTS team_property_counts_trigger()`);
    await q.query(`DROP FUNCTION IF EXISTS team_property_counts_apply(uuid, boolean, timestamptz, integer)`);
    await q.query(`DROP TABLE IF EXISTS team_property_counts`);
  }
}
