import type { LeadSource, RoutingTarget } from '../../../contracts/crm';

/** What routing looks at on a lead. */
export interface LeadFacts {
  source: LeadSource;
  zip: string | null;
  priceMinor: number | null;
  propertyType: string | null;
}

export interface RuleForRouting {
  id: string;
  position: number;
  name: string;
  source: LeadSource | null;
  zips: string[];
  priceMinMinor: number | null;
  priceMaxMinor: number | null;
  propertyType: string | null;
  target: RoutingTarget;
  agentIds: string[];
  cursor: number;
}

export interface RoutingDecision {
  ruleId: string | null;
  /** The agent the lead goes to now; null for a first-to-claim lead waiting for a claim. */
  agentId: string | null;
  /** Who may claim a first-to-claim lead. */
  candidates: string[];
  /** The round-robin rule's next cursor, when one was used. */
  nextCursor: number | null;
  reason: string;
}

const TARGET_LABELS: Record<RoutingTarget, string> = {
  agent: 'agent',
  round_robin: 'round robin',
  first_to_claim: 'first to claim',
};

/** A rule matches when every criterion it sets holds for the lead (a criterion left empty matches anything). */
export function ruleMatches(rule: RuleForRouting, lead: LeadFacts): boolean {
  if (rule.source && rule.source !== lead.source) return false;
  if (rule.zips.length > 0 && !(lead.zip && rule.zips.includes(lead.zip))) return false;
  if (rule.priceMinMinor !== null && !(lead.priceMinor !== null && lead.priceMinor >= rule.priceMinMinor)) return false;
  if (rule.priceMaxMinor !== null && !(lead.priceMinor !== null && lead.priceMinor <= rule.priceMaxMinor)) return false;
  if (rule.propertyType && rule.propertyType !== lead.propertyType) return false;
  return true;
}

/** "zip 94110, source open_house" — what about the lead made the rule match. */
export function describeMatch(rule: RuleForRouting, lead: LeadFacts): string {
  const parts: string[] = [];
  if (rule.source) parts.push(`source ${lead.source}`);
  if (rule.zips.length > 0) parts.push(`zip ${lead.zip}`);
  if (rule.priceMinMinor !== null || rule.priceMaxMinor !== null) parts.push(`price ${lead.priceMinor! / 100}`);
  if (rule.propertyType) parts.push(`type ${lead.propertyType}`);
  return parts.length ? parts.join(', ') : 'any lead';
}

/**
 * Ordered rules, first match wins. An agent who is paused or no longer in the team is skipped; a rule left with
 * nobody available passes the lead to the next rule; with no rule left the lead goes to the team owner. Round robin
 * takes the first available agent at or after the rule's cursor, so the order is reproducible from the stored cursor.
 * `exclude` drops agents a lead was already taken from (speed-to-lead reassignment).
 */
export function route(
  lead: LeadFacts,
  rules: RuleForRouting[],
  available: (agentId: string) => boolean,
  ownerId: string,
  exclude: ReadonlySet<string> = new Set(),
): RoutingDecision {
  const ok = (id: string) => available(id) && !exclude.has(id);
  for (const rule of [...rules].sort((a, b) => a.position - b.position)) {
    if (!ruleMatches(rule, lead)) continue;
    const why = `routed by rule ${rule.position}: ${describeMatch(rule, lead)} → ${TARGET_LABELS[rule.target]} ${rule.name}`;
    if (rule.target === 'agent') {
      const agentId = rule.agentIds.find(ok);
      if (agentId) return { ruleId: rule.id, agentId, candidates: [], nextCursor: null, reason: why };
    } else if (rule.target === 'round_robin') {
      const n = rule.agentIds.length;
      for (let step = 0; step < n; step++) {
        const index = (rule.cursor + step) % n;
        if (ok(rule.agentIds[index])) {
          const agentId = rule.agentIds[index];
          return { ruleId: rule.id, agentId, candidates: [], nextCursor: (index + 1) % n, reason: why };
        }
      }
    } else {
      const candidates = rule.agentIds.filter(ok);
      if (candidates.length > 0) return { ruleId: rule.id, agentId: null, candidates, nextCursor: null, reason: why };
    }
  }
  const reason = exclude.size
    ? 'routed to the team owner: nobody else was available'
    : 'routed to the team owner: no rule matched an available agent';
  return { ruleId: null, agentId: ownerId, candidates: [], nextCursor: null, reason };
}
