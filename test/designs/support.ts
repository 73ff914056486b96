import Pusher from 'pusher-js';
export { pusherFor, subscribe } from '../support/realtime';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { RealtimeGateway } from '../../src/modules/realtime/realtime.gateway';
import { bootTestApp, type TestApp } from '../support/app';

export const REALTIME_ENV = {
  BROADCAST_KEY: 'design-key',
  BROADCAST_SECRET: 'design-secret',
  BROADCAST_APP_ID: 'design-app',
};

/** Boots the app with WebSockets attached on its port. */
export async function bootDesignApp(env: Record<string, string> = {}): Promise<TestApp> {
  // The designer's settings are AppConfig.designs (src/config/designs.config.ts), loaded by bootTestApp from this
  // env; they are copied to process.env too for helpers that read it (jest gives each file its own process.env).
  const all = { ...REALTIME_ENV, DESIGN_JOB_BACKOFF_MS: '50', ...env };
  for (const [key, value] of Object.entries(all))
    if (key.startsWith('DESIGN_') || key.startsWith('OPENAI_') || key.startsWith('REPLICATE_'))
      process.env[key] = value;
  const t = await bootTestApp(all);
  await t.app.get(RealtimeGateway).attach(t.app.getHttpServer());
  return t;
}

/** A synthetic room photo: wall, floor, a window and a sofa-ish block, as JPEG. */
export function roomPhoto(width = 1024, height = 768, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <rect width="100%" height="100%" fill="#c9bfae"/>
    <rect y="${Math.round(height * 0.62)}" width="100%" height="${Math.round(height * 0.38)}" fill="#7a5b43"/>
    <rect x="${Math.round(width * 0.3)}" y="${Math.round(height * 0.15)}" width="${Math.round(width * 0.3)}" height="${Math.round(height * 0.3)}" fill="#e8f2ff"/>
    <rect x="${Math.round(width * 0.1)}" y="${Math.round(height * 0.5)}" width="${Math.round(width * 0.35)}" height="${Math.round(height * 0.2)}" fill="#55606e"/>
  </svg>`;
  const img = sharp(Buffer.from(svg));
  return format === 'png' ? img.png().toBuffer() : img.jpeg({ quality: 85 }).toBuffer();
}

/** Records design.progress / design.generated in arrival order; `done` resolves on generated or a failed progress. */
export function recordDesign(pusher: Pusher, designId: string, timeoutMs = 30_000) {
  const events: Array<{ event: string; data: any }> = [];
  const channel = pusher.channel(`private-design.${designId}`) ?? pusher.subscribe(`private-design.${designId}`);
  const done = new Promise<Array<{ event: string; data: any }>>((resolve, reject) => {
    const timer = setTimeout(
      () =>
        reject(
          new Error(
            `design ${designId} did not finish; saw ${events.map((e) => `${e.event}:${e.data?.status}:${e.data?.progress}`).join(', ')}`,
          ),
        ),
      timeoutMs,
    );
    channel.bind('design.progress', (data: any) => {
      events.push({ event: 'design.progress', data });
      if (data.status === 'failed') {
        clearTimeout(timer);
        resolve(events);
      }
    });
    channel.bind('design.generated', (data: any) => {
      events.push({ event: 'design.generated', data });
      clearTimeout(timer);
      resolve(events);
    });
  });
  return { events, done };
}

export async function waitForStatus(
  db: DataSource,
  designId: string,
  statuses: string[],
  timeoutMs = 30_000,
): Promise<any> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await db.query(`SELECT * FROM designs WHERE id = $1`, [designId]);
    if (row && statuses.includes(row.status)) return row;
    if (Date.now() > until) throw new Error(`design ${designId} is ${row?.status}, expected ${statuses.join('/')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export async function giveCredits(db: DataSource, userId: string, credits: number): Promise<void> {
  await db.query(`UPDATE users SET image_credits = $2 WHERE id = $1`, [userId, credits]);
}
