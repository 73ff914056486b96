import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A contacts search that is an email or a phone being typed is a prefix range: btree indexes with text_pattern_ops
 * on a book's live contacts answer `email LIKE 'ann@ex%'` / `phone LIKE '+1415555%'` without the GIN bitmap.
 */
export class CrmContactPrefixSearch1765510100000 implements MigrationInterface {
  name = 'CrmContactPrefixSearch1765510100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX crm_contacts_email_prefix ON crm_contacts (team_id, email text_pattern_ops)
      WHERE merged_into_id IS NULL AND email IS NOT NULL`);
    await q.query(`CREATE INDEX crm_contacts_phone_prefix ON crm_contacts (team_id, phone text_pattern_ops)
      WHERE merged_into_id IS NULL AND phone IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS crm_contacts_phone_prefix`);
    await q.query(`DROP INDEX IF EXISTS crm_contacts_email_prefix`);
  }
}
