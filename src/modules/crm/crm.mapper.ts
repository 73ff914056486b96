import type { ActivityJson, ContactJson, LeadJson, MergeJson, RoutingRuleJson, TaskJson } from '../../contracts/crm';
import type { CrmActivity, CrmContact, CrmLead, CrmMerge, CrmRoutingRule, CrmTask } from './entities/crm.entity';
import { iso } from '../../common/iso';

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
    last_activity_at: iso(c.lastActivityAt),
    created_at: iso(c.createdAt),
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
    created_at: iso(a.createdAt),
  };
}

export function toTaskJson(t: CrmTask, now: Date): TaskJson {
  return {
    id: t.id,
    title: t.title,
    due_at: iso(t.dueAt),
    done_at: iso(t.doneAt),
    overdue: !t.doneAt && t.dueAt.getTime() < now.getTime(),
  };
}

export function toMergeJson(m: Pick<CrmMerge, 'id' | 'mergedId' | 'undoneAt' | 'createdAt'> & { mergedName: string }) {
  const json: MergeJson = {
    id: m.id,
    merged_id: m.mergedId,
    merged_name: m.mergedName,
    undone_at: m.undoneAt ? iso(m.undoneAt) : null,
    created_at: iso(m.createdAt),
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
    created_at: iso(l.createdAt),
    contacted_at: iso(l.contactedAt),
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
