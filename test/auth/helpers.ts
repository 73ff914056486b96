import { DataSource } from 'typeorm';
import type { TestClient } from '../support/app';

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Waits for a mail to reach the development mailbox (mail is sent by a queued job). */
export async function waitForMail(
  db: DataSource,
  to: string,
  subjectPart: string,
  timeoutMs = 10_000,
): Promise<StoredMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const rows: StoredMail[] = await db.query(
      `SELECT id, "to", subject, html, text FROM mails WHERE "to" = $1 AND subject ILIKE $2 ORDER BY created_at DESC LIMIT 1`,
      [to.toLowerCase(), `%${subjectPart}%`],
    );
    if (rows[0]) return rows[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subjectPart}" for ${to} within ${timeoutMs} ms`);
}

/** The first link in a mail's text that contains `pathPart`, as a path + query (the host is the configured APP_URL). */
export function linkIn(mail: StoredMail, pathPart: string): string {
  const match = mail.text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(pathPart));
  if (!match) throw new Error(`No link with ${pathPart} in mail "${mail.subject}"`);
  const url = new URL(match);
  return `${url.pathname}${url.search}`;
}

/** Name of the session cookie value in a client's jar, read from a response's Set-Cookie or the agent. */
export function sessionCookie(setCookie: string[] | string | undefined, name = 'reelty_session'): string | null {
  const list = ([] as string[]).concat(setCookie ?? []);
  const found = list.map((c) => new RegExp(`^${name}=([^;]+)`).exec(c)?.[1]).find(Boolean);
  return found ? decodeURIComponent(found) : null;
}

/** The Inertia page object for a GET visit. */
export async function page(
  client: TestClient,
  url: string,
): Promise<{
  status: number;
  component: string;
  props: Record<string, any>;
  url: string;
  flash?: Record<string, unknown>;
}> {
  const res = await client.visit(url);
  if (res.status !== 200) return { status: res.status, component: '', props: {}, url };
  return { status: res.status, ...(res.body as { component: string; props: Record<string, any>; url: string }) };
}

export const PASSWORD = 'correct-horse-battery';

/** A cookie's current value in the client's jar. */
export function jarCookie(client: TestClient, name = 'reelty_session'): string | null {
  const jar = (
    client.agent as unknown as { jar: { getCookies(access: unknown): Array<{ name: string; value: string }> } }
  ).jar;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { CookieAccessInfo } = require('cookiejar') as { CookieAccessInfo: { All: unknown } };
  const found = jar.getCookies(CookieAccessInfo.All).find((c) => c.name === name);
  return found ? decodeURIComponent(found.value) : null;
}
