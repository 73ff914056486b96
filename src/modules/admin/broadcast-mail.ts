import { userLinkToken, userOfLinkToken } from '../../common/user-link-token';
import { type OutgoingMail, unsubscribeHeaders } from '../mail';
import { escapeHtml } from '../../common/escape-html';
import type { BroadcastRow } from './marketing.repository';

/** The one-click unsubscribe path of broadcast mail (RFC 8058: a bodyless POST without a session). */
export const BROADCAST_UNSUBSCRIBE_PATH = '/webhooks/broadcasts/unsubscribe';

const PURPOSE = 'broadcast-unsubscribe';

/** A token naming the user, signed with the app key, so the link needs no stored row. */
export const unsubscribeToken = (appKey: string, userId: string): string => userLinkToken(PURPOSE, userId, appKey);

/** The user id of a valid token (any of the keys), or null. */
export const userOfToken = (appKeys: string[], token: string): string | null =>
  userOfLinkToken(PURPOSE, token, appKeys);

/** The broadcast as an email with the one-click unsubscribe headers and a settings link in the footer. */
export function broadcastMail(
  b: Pick<BroadcastRow, 'title' | 'body' | 'url'>,
  to: { email: string; name: string },
  app: { url: string; name: string; unsubscribeUrl: string },
): OutgoingMail {
  const link = new URL(b.url ?? '/', app.url).toString();
  const settings = new URL('/settings/notifications', app.url).toString();
  const text = [b.title, b.body, link, `--\nUnsubscribe: ${app.unsubscribeUrl}`].filter(Boolean).join('\n\n');
  const html =
    `<p>Hi ${escapeHtml(to.name)},</p><p><strong>${escapeHtml(b.title)}</strong></p>` +
    (b.body ? `<p>${escapeHtml(b.body)}</p>` : '') +
    `<p><a href="${escapeHtml(link)}">Open ${escapeHtml(app.name)}</a></p>` +
    `<p style="color:#666;font-size:12px">You get this because you opted in to product news. ` +
    `<a href="${escapeHtml(settings)}">Change your email settings</a>.</p>`;
  return {
    to: to.email,
    subject: `${b.title} - ${app.name}`,
    html,
    text,
    headers: unsubscribeHeaders(app.unsubscribeUrl),
  };
}
