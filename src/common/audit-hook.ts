import type { EntityManager } from 'typeorm';

/**
 * Lets the admin console write its audit row in the same transaction as a change made by another area's service:
 * the owning service runs the hook with its transaction and the change's before/after.
 */
export type AuditHook = (
  manager: EntityManager,
  change: { id: string; before: object | null; after: object | null },
) => Promise<void>;
