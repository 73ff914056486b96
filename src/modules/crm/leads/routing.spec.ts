import { route, type RuleForRouting } from './routing';

const rule = (over: Partial<RuleForRouting>): RuleForRouting => ({
  id: `r${over.position ?? 1}`,
  position: 1,
  name: 'West',
  source: null,
  zips: [],
  priceMinMinor: null,
  priceMaxMinor: null,
  propertyType: null,
  target: 'agent',
  agentIds: [],
  cursor: 0,
  ...over,
});
const lead = { source: 'listing_inquiry' as const, zip: '94110', priceMinor: 90_000_000, propertyType: 'house' };
const everyone = () => true;

describe('crm routing rules', () => {
  it('takes the first matching rule in position order and says why', () => {
    const rules = [
      rule({ position: 2, zips: ['94110'], target: 'round_robin', agentIds: ['a', 'b'] }),
      rule({ position: 1, zips: ['10001'], agentIds: ['x'] }),
      rule({ position: 3, agentIds: ['z'] }),
    ];
    const d = route(lead, rules, everyone, 'owner');
    expect(d).toEqual({
      ruleId: 'r2',
      agentId: 'a',
      candidates: [],
      nextCursor: 1,
      reason: 'routed by rule 2: zip 94110 → round robin West',
    });
  });

  it('round robin walks the agents from the stored cursor and skips paused ones', () => {
    const rr = rule({ target: 'round_robin', agentIds: ['a', 'b', 'c'], cursor: 1 });
    expect(route(lead, [rr], everyone, 'o').agentId).toBe('b');
    const paused = new Set(['b']);
    const d = route(lead, [rr], (id) => !paused.has(id), 'o');
    expect([d.agentId, d.nextCursor]).toEqual(['c', 0]);
    const order: string[] = [];
    let cursor = 0;
    for (let i = 0; i < 5; i++) {
      const next = route(lead, [{ ...rr, cursor }], everyone, 'o');
      order.push(next.agentId!);
      cursor = next.nextCursor!;
    }
    expect(order).toEqual(['a', 'b', 'c', 'a', 'b']);
  });

  it('criteria: source, price band and property type must all hold', () => {
    const band = rule({
      priceMinMinor: 50_000_000,
      priceMaxMinor: 100_000_000,
      propertyType: 'house',
      agentIds: ['p'],
    });
    expect(route(lead, [band], everyone, 'o').agentId).toBe('p');
    expect(route({ ...lead, priceMinor: 200_000_000 }, [band], everyone, 'o').agentId).toBe('o');
    expect(route({ ...lead, priceMinor: null }, [band], everyone, 'o').agentId).toBe('o');
    expect(route(lead, [rule({ source: 'open_house', agentIds: ['s'] })], everyone, 'o').agentId).toBe('o');
  });

  it('first to claim offers the lead to every available agent', () => {
    const d = route(lead, [rule({ target: 'first_to_claim', agentIds: ['a', 'b', 'c'] })], (id) => id !== 'b', 'o');
    expect(d).toMatchObject({ agentId: null, candidates: ['a', 'c'] });
  });

  it('falls through to the next rule, then to the team owner', () => {
    const rules = [rule({ position: 1, agentIds: ['gone'] }), rule({ position: 2, agentIds: ['b'] })];
    expect(route(lead, rules, (id) => id !== 'gone', 'o').agentId).toBe('b');
    const d = route(lead, rules, () => false, 'o');
    expect(d).toMatchObject({ agentId: 'o', reason: 'routed to the team owner: no rule matched an available agent' });
    expect(route(lead, rules, everyone, 'o', new Set(['gone', 'b'])).agentId).toBe('o');
  });
});
