import type { INestApplication } from '@nestjs/common';
import { AbstractWsAdapter } from '@nestjs/websockets';
import type { IncomingMessage, Server as HttpServer } from 'node:http';
import type { Duplex } from 'node:stream';
import type { WebSocketServer } from 'ws';
import type { PusherServer } from './core';

/**
 * NestJS WebSocket adapter for the Pusher protocol on the app's own HTTP port. Nest's stock `WsAdapter`
 * matches one fixed path and parses every frame for `@SubscribeMessage` routing; Pusher clients connect on
 * `/app/{key}` (the key varies) and the framework-free core reads the frames itself. So this adapter routes
 * upgrades by the core's path rule and leaves message handling to the core; the gateway gets each socket in
 * `handleConnection`.
 */
export class PusherWsAdapter extends AbstractWsAdapter {
  private detachUpgrade: (() => void) | null = null;

  constructor(
    app: INestApplication,
    private readonly pusher: PusherServer,
  ) {
    super(app);
  }

  create(port: number): WebSocketServer {
    if (port !== 0) throw new Error('The Pusher gateway shares the app HTTP port: declare it without a port');
    const httpServer = this.httpServer as HttpServer;
    const sockets = this.pusher.webSocketServer;
    const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
      if (this.pusher.socketPathKey(req.url) === null) {
        // Another upgrade listener may own this path; alone, do not leave the socket hanging.
        if (httpServer.listenerCount('upgrade') === 1) socket.destroy();
        return;
      }
      sockets.handleUpgrade(req, socket, head, (ws) => sockets.emit('connection', ws, req));
    };
    httpServer.on('upgrade', upgrade);
    this.detachUpgrade = () => httpServer.off('upgrade', upgrade);
    return sockets;
  }

  /** Frames are Pusher protocol, read by the core's connection handler, not by Nest message handlers. */
  bindMessageHandlers(): void {}

  /** The gateway closed the Pusher server already (clients were told 4200 to reconnect elsewhere). */
  override async close(): Promise<void> {
    this.detachUpgrade?.();
    this.detachUpgrade = null;
  }
}
