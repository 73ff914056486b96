import sharp from 'sharp';
import type { DataSource } from 'typeorm';
import type { TestApp, TestClient } from '../support/app';
import type { User } from '../../src/modules/users';

/** An admin who typed their password just now (destructive admin actions need it). */
export async function confirmedAdmin(t: TestApp): Promise<{ client: TestClient; user: User }> {
  const admin = await t.signedIn({ role: 'admin' });
  await confirmPassword(admin.client);
  return admin;
}

export async function confirmPassword(client: TestClient): Promise<void> {
  const res = await client.post('/user/confirm-password').send({ password: 'correct-horse-battery' });
  if (res.status !== 303) throw new Error(`password confirmation failed: ${res.status}`);
}

/** The audit rows about one subject, oldest first. */
export async function auditRows(db: DataSource, subjectId: string) {
  return db.query<Array<Record<string, unknown>>>(
    `SELECT actor_id, actor_label, action, subject_type, subject_id, before, after, ip FROM admin_audit
     WHERE subject_id = $1 ORDER BY id`,
    [subjectId],
  );
}

/** A small opaque PNG (a sticker or preview upload) in a shade of `red`. */
export function testPng(size = 8, red = 0): Promise<Buffer> {
  return sharp({ create: { width: size, height: size, channels: 4, background: { r: red, g: 99, b: 99, alpha: 1 } } })
    .png()
    .toBuffer();
}
