import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock';
import type { DelegationScope } from '../../contracts/open-creative';
import { NotificationsService } from '../notifications';
import { OpenCreativeRepository, type ActivityValues, type GrantRow } from './open-creative.repository';
import { requireGrant } from './open-creative.policy';

/** The page where a realtor reads the activity of their managers. */
export const MANAGERS_PAGE = '/open-creative/managers';

/** What a delegated action touched, for the activity log. */
export interface DelegatedResource {
  type: 'walkthrough' | 'spot' | 'design';
  id: string;
  /** The listing the work belongs to; a grant limited to listings covers only work on them. */
  listingId?: string | null;
  /** One line for the realtor: `Changed the caption of "Sunset deck"`. */
  summary: string;
}

/**
 * Delegated access, asked by the modules that own the work (video: walkthroughs and spots; designs). A grant is
 * read on every check (no cache), so a revoke or an expiry takes effect on the manager's next request, live
 * sessions included. An `:edit` scope includes its `:read`.
 */
@Injectable()
export class DelegationService {
  private readonly logger = new Logger('Delegation');

  constructor(
    private readonly repo: OpenCreativeRepository,
    private readonly clock: Clock,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Whether `actorId` may use `scope` on `ownerId`'s work: an accepted grant, not revoked, not past its expiry,
   * with the scope (or its `:edit`), and, when limited to listings, `listingId` one of them.
   */
  async can(actorId: string, ownerId: string, scope: DelegationScope, listingId?: string | null): Promise<boolean> {
    return (await this.grantFor(actorId, ownerId, scope, listingId)) !== null;
  }

  /**
   * The check and its log line in one step, for a delegated read just before the owning module shows the work:
   * 403 with a message when the grant does not cover it; otherwise the activity row is appended. Changes go
   * through `actWith`.
   */
  async act(actorId: string, ownerId: string, scope: DelegationScope, resource: DelegatedResource): Promise<void> {
    const grant = await this.grantFor(actorId, ownerId, scope, resource.listingId);
    requireGrant(grant, scope);
    await this.repo.appendActivity(activityOf(grant, actorId, scope, resource));
  }

  /**
   * A delegated change: the grant check (its row locked against a concurrent revoke), the owning module's write
   * `edit(manager)` and the activity row commit in ONE transaction, so a change is never without its log line nor
   * a log line without its change. The write must run on the given EntityManager. After the commit, an `:edit`
   * tells the realtor live.
   */
  async actWith<T>(
    actorId: string,
    ownerId: string,
    scope: DelegationScope,
    resource: DelegatedResource,
    edit: (manager: EntityManager) => Promise<T>,
  ): Promise<T> {
    const { grant, result } = await this.repo.transaction(async (tx) => {
      const grant = await this.grantFor(actorId, ownerId, scope, resource.listingId, tx);
      requireGrant(grant, scope);
      const result = await edit(tx.entityManager);
      await tx.appendActivity(activityOf(grant, actorId, scope, resource));
      return { grant, result };
    });
    if (scope.endsWith(':edit')) await this.tellOwner(ownerId, grant.id, resource);
    return result;
  }

  private async tellOwner(ownerId: string, grantId: string, resource: DelegatedResource): Promise<void> {
    await this.notifications
      .notify(ownerId, {
        kind: 'system',
        title: 'Your creative manager made a change',
        body: resource.summary,
        url: MANAGERS_PAGE,
        data: { grant_id: grantId, resource_type: resource.type, resource_id: resource.id },
        email: false,
      })
      .catch((e: Error) => this.logger.warn(`delegated-action notice not sent: ${e.message}`));
  }

  private async grantFor(
    actorId: string,
    ownerId: string,
    scope: DelegationScope,
    listingId: string | null | undefined,
    tx?: OpenCreativeRepository,
  ): Promise<GrantRow | null> {
    if (actorId === ownerId) return null;
    const grant = tx ? await tx.activeGrant(ownerId, actorId, true) : await this.repo.activeGrant(ownerId, actorId);
    if (!grant || !covers(grant, scope, listingId, this.clock.now())) return null;
    return grant;
  }
}

/** The rule of one grant, apart from who: in time, the scope or its edit, and the listing when limited. */
export function covers(
  grant: Pick<GrantRow, 'status' | 'scopes' | 'listing_ids' | 'expires_at'>,
  scope: DelegationScope,
  listingId: string | null | undefined,
  now: Date,
): boolean {
  if (grant.status !== 'active') return false;
  if (grant.expires_at && grant.expires_at <= now) return false;
  const edit = scope.replace(/:read$/, ':edit') as DelegationScope;
  if (!grant.scopes.includes(scope) && !grant.scopes.includes(edit)) return false;
  return grant.listing_ids === null || (!!listingId && grant.listing_ids.includes(listingId));
}

function activityOf(
  grant: GrantRow,
  actorId: string,
  scope: DelegationScope,
  resource: DelegatedResource,
): ActivityValues {
  return {
    grant_id: grant.id,
    owner_id: grant.owner_id,
    manager_id: actorId,
    scope,
    resource_type: resource.type,
    resource_id: resource.id,
    summary: resource.summary,
  };
}
