import { channelKind } from './channel-name';
import { deriveSharedSecret, signChannelAuth, signUserAuth } from './crypto';
import type { PusherAppCredentials } from './options';

/** What pusher-js expects from the user-authentication endpoint (`pusher.signin()`). */
export interface UserAuthResponse {
  auth: string;
  user_data: string;
}

export interface ChannelAuthResponse {
  auth: string;
  channel_data?: string;
  shared_secret?: string;
}

/**
 * Builds the body pusher-js expects from the auth endpoint:
 * {auth} for private, {auth, channel_data} for presence, {auth, shared_secret} for encrypted.
 */
export class ChannelAuthSigner {
  constructor(
    private readonly credentials: PusherAppCredentials,
    private readonly encryptionMasterKeyBase64: string | null = null,
  ) {}

  sign(
    socketId: string,
    channel: string,
    presence?: { user_id: string | number; user_info?: unknown },
  ): ChannelAuthResponse {
    const { key, secret } = this.credentials;
    const kind = channelKind(channel);
    if (kind === 'presence') {
      const channelData = JSON.stringify({ user_id: presence?.user_id, user_info: presence?.user_info ?? {} });
      return { auth: signChannelAuth(key, secret, socketId, channel, channelData), channel_data: channelData };
    }
    const response: ChannelAuthResponse = { auth: signChannelAuth(key, secret, socketId, channel) };
    if (kind === 'encrypted') {
      if (!this.encryptionMasterKeyBase64) throw new Error('Encrypted channels need an encryption master key');
      response.shared_secret = Buffer.from(deriveSharedSecret(channel, this.encryptionMasterKeyBase64)).toString(
        'base64',
      );
    }
    return response;
  }

  /** Signs `user_data` (JSON with a string `id`) for `pusher:signin` on this socket. */
  signUser(socketId: string, user: { id: string } & Record<string, unknown>): UserAuthResponse {
    const userData = JSON.stringify(user);
    const { key, secret } = this.credentials;
    return { auth: signUserAuth(key, secret, socketId, userData), user_data: userData };
  }
}
