import type { INestApplication } from '@nestjs/common';
import { PusherWsAdapter } from './pusher-ws.adapter';
import { RealtimeGateway } from './realtime.gateway';

/**
 * Puts the real-time endpoints on the app's own HTTP port, before the app listens: WebSockets `/app/{key}`
 * through the NestJS gateway and its adapter, and the Pusher HTTP API `/apps/{id}/...`.
 */
export async function attachRealtime(app: INestApplication): Promise<void> {
  const gateway = app.get(RealtimeGateway);
  app.useWebSocketAdapter(new PusherWsAdapter(app, gateway.server));
  await gateway.attach(app.getHttpServer());
}
