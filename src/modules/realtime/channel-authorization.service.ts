import { BadRequestException, ForbiddenException, Inject, Injectable } from '@nestjs/common';
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
    if (!user) throw new ForbiddenException('Sign in to listen on this channel.');
    const kind = channelKind(channelName);
    if (kind === 'public') throw new ForbiddenException('Public channels need no authorization.');
    // A key derived from the broadcast secret would only pretend to be end-to-end: refuse instead.
    if (kind === 'encrypted' && !this.hasMasterKey)
      throw new ForbiddenException(
        'Encrypted channels are not available: no encryption master key is configured (BROADCAST_ENCRYPTION_MASTER_KEY).',
      );
    const match = this.registry.match(channelName);
    if (!match) throw new ForbiddenException(`No authorization rule for channel ${channelName}.`);
    const verdict = await match.rule(user, match.params);
    if (!verdict) throw new ForbiddenException('You are not allowed to listen on this channel.');
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
    if (!user) throw new ForbiddenException('Sign in first.');
    return this.signer.signUser(socketId, { id: user.id, user_info: { name: user.name } });
  }
}

function assertSocketId(socketId: unknown): asserts socketId is string {
  if (typeof socketId !== 'string' || !/^\d+\.\d+$/.test(socketId))
    throw new BadRequestException('socket_id is missing or malformed.');
}
