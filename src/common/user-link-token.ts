import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveSecret } from '../config/app-key';

/**
 * A link token naming a user for one purpose (an email's unsubscribe link...): `<userId>.<mac>`, signed with a
 * secret derived from the app key, so no table holds it and nothing expires. Purposes keep tokens apart.
 */
export function userLinkToken(purpose: string, userId: string, appKey: string): string {
  return `${userId}.${mac(purpose, userId, appKey)}`;
}

/** The user a token names, or null when it is not one we signed for this purpose (any of the keys, newest first). */
export function userOfLinkToken(purpose: string, token: string, appKeys: string[]): string | null {
  const [userId, given] = token.split('.');
  if (!userId || !given || !/^[0-9a-f-]{36}$/i.test(userId)) return null;
  const actual = Buffer.from(given);
  const valid = appKeys.some((key) => {
    const expected = Buffer.from(mac(purpose, userId, key));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  });
  return valid ? userId : null;
}

function mac(purpose: string, userId: string, appKey: string): string {
  return createHmac('sha256', deriveSecret(appKey, 'signed-url')).update(`${purpose}:${userId}`).digest('base64url');
}
