import type { CrmActivity, CrmLead } from '../entities/crm.entity';

/** An activity about a lead: written on its contact, in its team, with its source, naming the lead in its data. */
export function leadActivity(
  lead: Pick<CrmLead, 'id' | 'teamId' | 'contactId' | 'source'>,
  a: Pick<CrmActivity, 'kind' | 'body' | 'actorId' | 'createdAt'> & { data?: Record<string, unknown> },
): Omit<CrmActivity, 'id'> {
  return {
    teamId: lead.teamId,
    contactId: lead.contactId,
    kind: a.kind,
    source: lead.source,
    body: a.body,
    data: { lead_id: lead.id, ...a.data },
    actorId: a.actorId,
    createdAt: a.createdAt,
  };
}
