import { hashPassword, needsRehash, setPasswordHashCost, verifyPassword } from './password';
import { ConfigError, loadConfig } from '../../config/app-config';

describe('password hashing cost', () => {
  afterEach(() => setPasswordHashCost(15));

  it('verifies a hash made at any cost, and asks for a rehash once the configured cost differs', async () => {
    setPasswordHashCost(8);
    const cheap = await hashPassword('correct-horse');
    expect(cheap.split('$').slice(0, 4)).toEqual(['scrypt', '256', '8', '1']);
    expect(needsRehash(cheap)).toBe(false);
    setPasswordHashCost(10);
    expect(await verifyPassword('correct-horse', cheap)).toBe(true);
    expect(await verifyPassword('wrong-horse', cheap)).toBe(false);
    expect(needsRehash(cheap)).toBe(true);
  });

  it('refuses a cost below 2^14 outside the test environment', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).passwordHashCost).toBe(15);
    expect(() => loadConfig({ NODE_ENV: 'production', APP_KEY: 'k'.repeat(40), PASSWORD_HASH_COST: '10' })).toThrow(
      ConfigError,
    );
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
  });
});
