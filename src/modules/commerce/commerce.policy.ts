import { allowOnly } from '../policies';
import type { User } from '../users';

/**
 * Who may do what with orders and purchases. An order is its buyer's (admins read any, for support, but only the
 * buyer asks for a return); a purchase's file is downloaded by its buyer through a signed, short-lived link, until it
 * is refunded or its downloads are used up. Services load the rows (404 when absent) and call these.
 */

export function requireOrderOwner(
  user: Pick<User, 'id' | 'role'>,
  order: { user_id: string | null },
  adminToo: boolean,
): void {
  allowOnly(order.user_id === user.id || (adminToo && user.role === 'admin'), 'This order is not yours.');
}

export function requirePurchaseOwner(user: Pick<User, 'id'>, purchase: { user_id: string }): void {
  allowOnly(purchase.user_id === user.id, 'This purchase is not yours.');
}

/** A vault link: signed for this user and purchase, and not past its expiry (seconds since the epoch). */
export function requireDownloadLink(signed: boolean, expiresAtSeconds: number, nowMs: number): void {
  allowOnly(signed, 'This download link is not valid.');
  allowOnly(expiresAtSeconds * 1000 >= nowMs, 'This download link has expired; open the vault for a new one.');
}

/** A refunded purchase downloads nothing more. */
export function requireNotRefunded(purchase: { revoked_at: Date | null }): void {
  allowOnly(!purchase.revoked_at, 'This purchase was refunded; its download is no longer available.');
}

/** Each purchase has a download allowance. */
export function requireDownloadsLeft(purchase: { downloads_used: number; download_limit: number }): void {
  allowOnly(
    purchase.downloads_used < purchase.download_limit,
    `You have used all ${purchase.download_limit} downloads of this purchase; contact support for more.`,
  );
}
