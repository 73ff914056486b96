import { createHash, createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import nacl from 'tweetnacl';

export function hmacSha256Hex(secret: string, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('hex');
}

export function md5Hex(body: string | Buffer): string {
  return createHash('md5').update(body).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The `auth` string pusher-js sends when subscribing: `key:hmac(socket_id:channel[:channel_data])`. */
export function signChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  channelData?: string,
): string {
  const payload = channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
  return `${key}:${hmacSha256Hex(secret, payload)}`;
}

export function verifyChannelAuth(
  key: string,
  secret: string,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  return safeEqual(auth, signChannelAuth(key, secret, socketId, channel, channelData));
}

/** The `auth` string of `pusher:signin`: `key:hmac(socket_id::user::user_data)`. */
export function signUserAuth(key: string, secret: string, socketId: string, userData: string): string {
  return `${key}:${hmacSha256Hex(secret, `${socketId}::user::${userData}`)}`;
}

export function verifyUserAuth(
  key: string,
  secret: string,
  socketId: string,
  auth: unknown,
  userData: string,
): boolean {
  return typeof auth === 'string' && safeEqual(auth, signUserAuth(key, secret, socketId, userData));
}

/** Socket ids look like "123.456", which Pusher SDKs validate with /^\d+\.\d+$/. */
export function generateSocketId(): string {
  return `${randomInt(1, 2 ** 31 - 1)}.${randomInt(1, 2 ** 31 - 1)}`;
}

/** Per-channel key exactly as Pusher's server SDKs derive it: SHA256(channelName || masterKeyBytes). */
export function deriveSharedSecret(channel: string, masterKeyBase64: string): Uint8Array {
  const masterKey = Buffer.from(masterKeyBase64, 'base64');
  return new Uint8Array(
    createHash('sha256')
      .update(Buffer.concat([Buffer.from(channel), masterKey]))
      .digest(),
  );
}

/** Seals a payload for a `private-encrypted-` channel: data = JSON {nonce, ciphertext}, both base64. */
export function sealForChannel(channel: string, masterKeyBase64: string, payloadJson: string): string {
  const key = deriveSharedSecret(channel, masterKeyBase64);
  const nonce = nacl.randomBytes(nacl.secretbox.nonceLength);
  const ciphertext = nacl.secretbox(new Uint8Array(Buffer.from(payloadJson, 'utf8')), nonce, key);
  return JSON.stringify({
    nonce: Buffer.from(nonce).toString('base64'),
    ciphertext: Buffer.from(ciphertext).toString('base64'),
  });
}

export function openForChannel(channel: string, masterKeyBase64: string, sealed: string): string | null {
  const { nonce, ciphertext } = JSON.parse(sealed) as { nonce: string; ciphertext: string };
  const key = deriveSharedSecret(channel, masterKeyBase64);
  const opened = nacl.secretbox.open(Buffer.from(ciphertext, 'base64'), Buffer.from(nonce, 'base64'), key);
  return opened ? Buffer.from(opened).toString('utf8') : null;
}
