import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { User } from '../users';
import {
  ChannelAuthSigner,
  channelKind,
  isValidChannelName,
  type ChannelAuthResponse,
  type UserAuthResponse,
} from './core';
import { ChannelRegistry } from './channel-registry.service';
import { requireListener, requireRuleFor, requireSignableKind, requireVerdict } from './channels.policy';
import { encryptionMasterKey } from './realtime-settings';

/** Runs the channel's rule for the session user and signs what pusher-js expects back. */
@Injectable()
export class ChannelAuthorizationService {
  private readonly signer: ChannelAuthSigner;
  private readonly hasMasterKey: boolean;

  constructor(
    private readonly registry: ChannelRegistry,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.hasMasterKey = !!config.broadcasting.encryptionMasterKeyBase64;
    const { appId, key, secret } = config.broadcasting;
    this.signer = new ChannelAuthSigner({ appId, key, secret }, encryptionMasterKey(config.broadcasting));
  }

  async authorize(user: User | null, socketId: unknown, channelName: unknown): Promise<ChannelAuthResponse> {
    assertSocketId(socketId);
    if (!isValidChannelName(channelName)) throw new BadRequestException('channel_name is missing or malformed.');
    requireListener(user);
    const kind = channelKind(channelName);
    requireSignableKind(kind, this.hasMasterKey);
    const match = this.registry.match(channelName);
    requireRuleFor(match, channelName);
    const verdict = await match.rule(user, match.params);
    requireVerdict(verdict);
    if (kind === 'presence') {
      const userInfo = typeof verdict === 'object' ? verdict : { id: user.id, name: user.name };
      return this.signer.sign(socketId, channelName, { user_id: user.id, user_info: userInfo });
    }
    return this.signer.sign(socketId, channelName);
  }

  /**
   * User authentication (`pusher.signin()`): signs the session user's id for this socket, so the server
   * can send to the user (`#server-to-user-<id>`) and the HTTP API can terminate their connections.
   */
  authenticateUser(user: User | null, socketId: unknown): UserAuthResponse {
    assertSocketId(socketId);
    requireListener(user, 'Sign in first.');
    return this.signer.signUser(socketId, { id: user.id, user_info: { name: user.name } });
  }
}

function assertSocketId(socketId: unknown): asserts socketId is string {
  if (typeof socketId !== 'string' || !/^\d+\.\d+$/.test(socketId))
    throw new BadRequestException('socket_id is missing or malformed.');
}
