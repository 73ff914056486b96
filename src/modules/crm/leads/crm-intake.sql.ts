import type { CrmLead } from '../entities/crm.entity';
import { bigintOrNull } from '../entities/crm.entity';

/** The lead's columns under their entity names, from the row alias `l`. */
export const LEAD_COLUMNS = `l.id, l.team_id AS "teamId", l.contact_id AS "contactId", l.source, l.source_ref AS "sourceRef",
  l.message, l.property_id AS "propertyId", l.zip, l.price_minor AS "priceMinor", l.property_type AS "propertyType",
  l.consent_version AS "consentVersion", l.status, l.agent_id AS "agentId", l.candidate_ids AS "candidateIds",
  l.rule_id AS "ruleId", l.routing_reason AS "routingReason", l.reassignments, l.assigned_at AS "assignedAt",
  l.contacted_at AS "contactedAt", l.campaign_id AS "campaignId", l.created_at AS "createdAt"`;

/** A lead row selected with LEAD_COLUMNS (pg answers bigint as a string). */
export function leadOfRow(row: CrmLead & { priceMinor: unknown }): CrmLead {
  return { ...row, priceMinor: bigintOrNull.from(row.priceMinor as string | null) };
}

/**
 * Everything an intake decides on, read after its identity keys are locked, in one statement: the lead already
 * received under this (source, reference), the live contacts sharing a key (oldest first), the book's rules in
 * order and locked (round-robin cursors advance one lead at a time), its paused agents and speed-to-lead minutes.
 * $1 team, $2 source, $3 reference, $4 email, $5 phone, $6 account.
 */
export const INTAKE_READ = `
SELECT
  (SELECT id FROM crm_leads WHERE team_id = $1 AND source = $2 AND source_ref = $3) AS "seenLeadId",
  (SELECT coalesce(json_agg(json_build_object('id', c.id, 'name', c.name, 'email', c.email, 'phone', c.phone,
            'userId', c.user_id, 'tags', c.tags, 'agentId', c.agent_id) ORDER BY c.created_at), '[]')
     FROM crm_contacts c
    WHERE c.team_id = $1 AND c.merged_into_id IS NULL
      AND (c.email = $4 OR c.phone = $5 OR c.user_id = $6::uuid)) AS matches,
  (SELECT coalesce(json_agg(json_build_object('id', r.id, 'position', r.position, 'name', r.name,
            'source', r.source, 'zips', r.zips, 'priceMinMinor', r.price_min_minor, 'priceMaxMinor', r.price_max_minor,
            'propertyType', r.property_type, 'target', r.target, 'agentIds', r.agent_ids, 'cursor', r.cursor)
            ORDER BY r.position), '[]')
     FROM (SELECT * FROM crm_routing_rules WHERE team_id = $1 ORDER BY position FOR UPDATE) r) AS rules,
  ARRAY(SELECT user_id FROM crm_agent_settings WHERE team_id = $1 AND paused) AS paused,
  (SELECT speed_to_lead_minutes FROM crm_settings WHERE team_id = $1) AS "speedToLeadMinutes"`;

/** The agents routing may name in a book: every rule's, and those of the live contacts sharing a key. */
export const ROUTING_AGENTS = `
SELECT DISTINCT a FROM (
  SELECT unnest(agent_ids) AS a FROM crm_routing_rules WHERE team_id = $1
  UNION ALL
  SELECT agent_id FROM crm_contacts
   WHERE $2 AND team_id = $1 AND merged_into_id IS NULL AND agent_id IS NOT NULL
     AND (email = $3 OR phone = $4 OR user_id = $5::uuid)) agents`;

/**
 * The lead's columns ($1..$16, then the contact's id or insert in the statement that uses them) and the rest of an
 * intake's write: the lead's timeline entry (data: `lead_id` and $17's facts), the round-robin cursor ($18 rule,
 * $19 cursor; no rule moves when $18 is null).
 */
const leadInsert = (contactId: string, from: string) => `
  l AS (
    INSERT INTO crm_leads (team_id, contact_id, source, source_ref, message, property_id, zip, price_minor,
      property_type, consent_version, campaign_id, status, agent_id, candidate_ids, rule_id, routing_reason,
      assigned_at, created_at)
    SELECT $1::uuid, ${contactId}, $2::varchar, $3::varchar, $4::text, $5::uuid, $6::varchar, $7::bigint,
      $8::varchar, $9::varchar, $10::uuid, $11::varchar, $12::uuid, $13::uuid[], $14::uuid, $15::text,
      $16::timestamptz, $16::timestamptz ${from}
    ON CONFLICT DO NOTHING RETURNING *),
  a AS (
    INSERT INTO crm_activities (team_id, contact_id, kind, source, body, data, actor_id, created_at)
    SELECT l.team_id, l.contact_id, 'lead', l.source, l.message, jsonb_build_object('lead_id', l.id) || $17::jsonb,
           NULL, l.created_at FROM l),
  r AS (UPDATE crm_routing_rules SET cursor = $19 WHERE id = $18::uuid)`;

/** A new person: the contact (with the routed agent), its lead and timeline entry in one statement. $20.. contact. */
export const INTAKE_WRITE_NEW = `
WITH c AS (
    INSERT INTO crm_contacts (team_id, name, email, phone, user_id, source, tags, agent_id, consent_version, stage,
      last_activity_at, created_at, updated_at)
    VALUES ($1, $20, $21, $22, $23, $2, $24, $12, $9, 'new', $16, $16, $16) RETURNING id, name),
  ${leadInsert('c.id', 'FROM c')}
SELECT ${LEAD_COLUMNS}, c.name AS "contactName" FROM l, c`;

/**
 * A known person ($20): the lead and timeline entry, and the contact's blanks filled (`fill`: assignments to
 * parameters from $21), its agent set when it had none, its last activity moved, in one statement.
 */
export function intakeWriteKnown(fill: string[]): string {
  const set = [...fill, 'agent_id = coalesce(agent_id, $12::uuid)'];
  return `
WITH ${leadInsert('$20::uuid', '').trim()},
  c AS (
    UPDATE crm_contacts SET ${set.join(', ')},
      last_activity_at = greatest(last_activity_at, $16), updated_at = $16
    WHERE id = $20 AND EXISTS (SELECT 1 FROM l) RETURNING id, name)
SELECT ${LEAD_COLUMNS}, c.name AS "contactName" FROM l LEFT JOIN c ON true`;
}
