import type { ActivityJson, ContactJson, LeadJson, MergeJson, RoutingRuleJson, TaskJson } from '../../contracts/crm';
import type { CrmActivity, CrmContact, CrmLead, CrmMerge, CrmRoutingRule, CrmTask } from './entities/crm.entity';

export function toContactJson(c: CrmContact, agentNames: ReadonlyMap<string, string>): ContactJson {
  return {
    id: c.id,
    team_id: c.teamId,
    name: c.name,
    email: c.email,
    phone: c.phone,
    stage: c.stage,
    source: c.source,
    tags: c.tags,
    agent: c.agentId ? { id: c.agentId, name: agentNames.get(c.agentId) ?? 'Former member' } : null,
    consent_version: c.consentVersion,
    last_activity_at: c.lastActivityAt.toISOString(),
    created_at: c.createdAt.toISOString(),
  };
}

export function toActivityJson(a: CrmActivity): ActivityJson {
  return {
    id: a.id,
    kind: a.kind,
    source: a.source,
    body: a.body,
    data: a.data,
    actor_id: a.actorId,
    created_at: a.createdAt.toISOString(),
  };
}

export function toTaskJson(t: CrmTask, now: Date): TaskJson {
  return {
    id: t.id,
    title: t.title,
    due_at: t.dueAt.toISOString(),
    done_at: t.doneAt?.toISOString() ?? null,
    overdue: !t.doneAt && t.dueAt.getTime() < now.getTime(),
  };
}

export function toMergeJson(m: Pick<CrmMerge, 'id' | 'mergedId' | 'undoneAt' | 'createdAt'> & { mergedName: string }) {
  const json: MergeJson = {
    id: m.id,
    merged_id: m.mergedId,
    merged_name: m.mergedName,
    undone_at: m.undoneAt ? new Date(m.undoneAt).toISOString() : null,
    created_at: new Date(m.createdAt).toISOString(),
  };
  return json;
}

export function toLeadJson(l: CrmLead, contactName: string): LeadJson {
  return {
    id: l.id,
    contact_id: l.contactId,
    contact_name: contactName,
    source: l.source,
    message: l.message,
    status: l.status,
    agent_id: l.agentId,
    routing_reason: l.routingReason,
    zip: l.zip,
    price_minor: l.priceMinor,
    property_type: l.propertyType,
    created_at: l.createdAt.toISOString(),
    contacted_at: l.contactedAt?.toISOString() ?? null,
  };
}

export function toRuleJson(r: CrmRoutingRule): RoutingRuleJson {
  return {
    id: r.id,
    position: r.position,
    name: r.name,
    source: r.source,
    zips: r.zips,
    price_min_minor: r.priceMinMinor,
    price_max_minor: r.priceMaxMinor,
    property_type: r.propertyType,
    target: r.target,
    agent_ids: r.agentIds,
  };
}
