import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Clock } from '../../common/clock';
import { pageOf } from '../../common/pagination';
import type { PageQueryDto } from '../../common/page-query.dto';
import { ValidationFailedException } from '../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { Page } from '../../contracts/common';
import type { DownloadLink, VaultItem } from '../../contracts/commerce';
import { StorageService } from '../storage';
import type { User } from '../users';
import { toVaultJson } from './commerce.mapper';
import { EntitlementsRepository, type EntitlementRow } from './entitlements.repository';
import { requireDownloadLink, requireDownloadsLeft, requireNotRefunded, requirePurchaseOwner } from './commerce.policy';

/** Download links live about five minutes: long enough to start a download, too short to share usefully. */
export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

/**
 * The vault: every digital entitlement a user bought. Files are private (never served by /media); a download goes
 * through a short-lived link signed for that user and entitlement, counts against the purchase's download limit,
 * and stops (403) once the purchase is refunded.
 */
@Injectable()
export class VaultService {
  constructor(
    private readonly repo: EntitlementsRepository,
    private readonly storage: StorageService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(user: User, query: PageQueryDto, downloadableOnly: boolean): Promise<Page<VaultItem>> {
    const { page, perPage, offset } = query.window(20);
    const { rows, total } = await this.repo.ofUser(user.id, perPage, offset, downloadableOnly);
    return pageOf(rows.map(toVaultJson), page, perPage, total);
  }

  async link(user: User, entitlementId: string): Promise<DownloadLink> {
    const e = await this.owned(user, entitlementId);
    assertDownloadable(e);
    const expires = Math.floor((this.clock.nowMs() + DOWNLOAD_LINK_TTL_MS) / 1000);
    const signature = this.sign(e.id, user.id, expires);
    return {
      url: `/vault/download/${e.id}?expires=${expires}&signature=${signature}`,
      expires_at: new Date(expires * 1000).toISOString(),
    };
  }

  /** Checks the signed link, counts the download, and opens the file. */
  async download(
    user: User,
    entitlementId: string,
    expires: string,
    signature: string,
  ): Promise<{ stream: Readable; filename: string; contentType: string }> {
    const expiresAt = Number(expires);
    const signed = Number.isInteger(expiresAt) && this.validSignature(entitlementId, user.id, expiresAt, signature);
    requireDownloadLink(signed, expiresAt, this.clock.nowMs());
    const e = await this.owned(user, entitlementId);
    assertDownloadable(e);
    const counted = await this.repo.consumeDownload(e.id);
    if (!counted) assertDownloadable((await this.repo.find(e.id))!);
    const stat = await this.storage.stat(e.asset_key!);
    if (!stat) throw new NotFoundException('The file of this purchase is missing; contact support.');
    const ext = e.asset_key!.split('.').pop();
    return {
      stream: await this.storage.read(e.asset_key!),
      filename: `${slug(e.title)}.${ext}`,
      contentType: stat.contentType,
    };
  }

  private async owned(user: User, id: string): Promise<EntitlementRow> {
    const e = await this.repo.find(id);
    if (!e) throw new NotFoundException('There is no such purchase.');
    requirePurchaseOwner(user, e);
    return e;
  }

  private sign(id: string, userId: string, expires: number): string {
    return createHmac('sha256', this.config.appKey).update(`vault|${id}|${userId}|${expires}`).digest('hex');
  }

  private validSignature(id: string, userId: string, expires: number, given: string): boolean {
    const expected = Buffer.from(this.sign(id, userId, expires), 'hex');
    const candidate = Buffer.from(/^[0-9a-f]{64}$/.test(given) ? given : '', 'hex');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  }
}

function assertDownloadable(e: EntitlementRow): void {
  requireNotRefunded(e);
  if (!e.asset_key) throw ValidationFailedException.of('id', 'This purchase has no file to download.');
  requireDownloadsLeft(e);
}

function slug(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 80) || 'download'
  );
}
