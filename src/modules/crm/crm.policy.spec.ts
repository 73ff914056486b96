import { ForbiddenException } from '@nestjs/common';
import {
  requireClaimant,
  requireContactWorker,
  requireCrmUser,
  requireLeadWorker,
  requireOfferer,
  requireRefunder,
} from './crm.policy';

const allowed = (rule: () => void) => {
  try {
    rule();
    return true;
  } catch (error) {
    expect(error).toBeInstanceOf(ForbiddenException);
    return false;
  }
};

describe('crm policy', () => {
  const manager = { manager: true };
  const agent = { manager: false };
  const me = { id: 'me' };
  const lead = (agentId: string | null, candidateIds: string[] = []) => ({ agentId, candidateIds });

  it('lets managers work the whole book and agents what is routed to them', () => {
    expect(allowed(() => requireLeadWorker(manager, me, lead('someone')))).toBe(true);
    expect(allowed(() => requireLeadWorker(agent, me, lead('me')))).toBe(true);
    expect(allowed(() => requireLeadWorker(agent, me, lead(null, ['me', 'you'])))).toBe(true);
    expect(allowed(() => requireLeadWorker(agent, me, lead('you')))).toBe(false);
    expect(allowed(() => requireContactWorker(agent, false))).toBe(false);
    expect(allowed(() => requireContactWorker(manager, false))).toBe(true);
    expect(allowed(() => requireClaimant(me, lead(null, ['you'])))).toBe(false);
  });

  it('keeps the CRM to realtors (and admins) and the marketplace to its parties', () => {
    expect(allowed(() => requireCrmUser({ type: 'viewer', role: 'user' }))).toBe(false);
    expect(allowed(() => requireCrmUser({ type: 'viewer', role: 'admin' }))).toBe(true);
    expect(allowed(() => requireCrmUser({ type: 'team_member', role: 'user' }))).toBe(true);
    expect(allowed(() => requireOfferer(agent, me, { agentId: 'you' }))).toBe(false);
    expect(allowed(() => requireOfferer(agent, me, { agentId: 'me' }))).toBe(true);
    expect(allowed(() => requireRefunder({ id: 'me', role: 'user' }, { sellerId: 'you' }))).toBe(false);
    expect(allowed(() => requireRefunder({ id: 'me', role: 'admin' }, { sellerId: 'you' }))).toBe(true);
  });
});
