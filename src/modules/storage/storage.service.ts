import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { OutputInfo } from 'sharp';
import { sharp } from '../../common/sharp';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { ValidationFailedException } from '../../common/validation';
import { LocalStorageDriver } from './local.driver';
import { contentTypeForKey, sniffType, SniffedType } from './sniff';
import { ByteRange, ObjectStat, StorageDriver } from './storage.driver';
import { mediaUrl } from '../../common/media-url';

export interface UploadRules {
  /** Form field name, so a refusal lands on the right input. */
  field: string;
  kinds: Array<SniffedType['kind']>;
  maxBytes: number;
  /** Narrower than kinds, e.g. only jpeg/png/webp. */
  mimes?: string[];
}

export interface StoredFile {
  key: string;
  url: string;
  size: number;
  contentType: string;
}

export interface ImageVariant {
  name: string;
  width: number;
  height?: number;
  fit?: 'cover' | 'inside';
}

export interface StoredImage extends StoredFile {
  width: number;
  height: number;
  variants: Record<string, StoredFile>;
}

/**
 * The one way files are stored and read. Keys are generated here (area/owner/uuid.ext), types
 * come from the bytes, sizes are capped; the driver is local disk or S3 by configuration.
 */
@Injectable()
export class StorageService {
  readonly driver: StorageDriver;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    // The S3 driver (and the AWS SDK, a large load) only when chosen: local disk and every test boot skip it.
    this.driver =
      config.storage.driver === 's3'
        ? new (require('./s3.driver') as typeof import('./s3.driver')).S3StorageDriver(config.storage.s3)
        : new LocalStorageDriver(join(config.storageDir, 'media'));
  }

  /** Checks an upload's bytes against the rules; throws a 422 naming the field when it does not fit. */
  check(bytes: Buffer, rules: UploadRules): SniffedType {
    if (bytes.length === 0) throw ValidationFailedException.of(rules.field, 'The file is empty.');
    if (bytes.length > rules.maxBytes) {
      throw ValidationFailedException.of(rules.field, `The file is too large: the limit is ${formatBytes(rules.maxBytes)}.`);
    }
    const type = sniffType(bytes);
    const allowed = type && rules.kinds.includes(type.kind) && (!rules.mimes || rules.mimes.includes(type.mime));
    if (!type || !allowed) {
      const expected = rules.mimes?.map((m) => m.split('/')[1]).join(', ') ?? rules.kinds.join(' or ');
      throw ValidationFailedException.of(rules.field, `This file type is not accepted: upload ${expected}.`);
    }
    return type;
  }

  async storeUpload(prefix: string, bytes: Buffer, rules: UploadRules): Promise<StoredFile> {
    const type = this.check(bytes, rules);
    return this.put(`${prefix}/${randomUUID()}.${type.ext}`, bytes, type.mime);
  }

  /**
   * Stores an uploaded photo: EXIF orientation applied, metadata (GPS included) stripped,
   * re-encoded, plus resized variants.
   */
  async storeImage(prefix: string, bytes: Buffer, rules: Omit<UploadRules, 'kinds'>, variants: ImageVariant[] = []): Promise<StoredImage> {
    this.check(bytes, { ...rules, kinds: ['image'] });
    const id = randomUUID();
    let normalized: { data: Buffer; info: OutputInfo };
    try {
      normalized = await sharp(bytes, { failOn: 'error' }).rotate().jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    } catch {
      throw ValidationFailedException.of(rules.field, 'This image could not be read. Try another file.');
    }
    const original = await this.put(`${prefix}/${id}.jpg`, normalized.data, 'image/jpeg');
    const stored: Record<string, StoredFile> = {};
    for (const variant of variants) {
      const data = await sharp(normalized.data)
        .resize({ width: variant.width, height: variant.height, fit: variant.fit ?? 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer();
      stored[variant.name] = await this.put(`${prefix}/${id}-${variant.name}.webp`, data, 'image/webp');
    }
    return { ...original, width: normalized.info.width, height: normalized.info.height, variants: stored };
  }

  async put(key: string, body: Buffer | Readable, contentType = contentTypeForKey(key)): Promise<StoredFile> {
    await this.driver.put(key, body, contentType);
    const size = Buffer.isBuffer(body) ? body.length : ((await this.driver.stat(key))?.size ?? 0);
    return { key, url: this.url(key), size, contentType };
  }

  read(key: string, range?: ByteRange): Promise<Readable> {
    return this.driver.read(key, range);
  }

  stat(key: string): Promise<ObjectStat | null> {
    return this.driver.stat(key);
  }

  delete(key: string): Promise<void> {
    return this.driver.delete(key);
  }

  deletePrefix(prefix: string): Promise<void> {
    return this.driver.deletePrefix(prefix);
  }

  list(prefix: string): Promise<Array<{ key: string; size: number }>> {
    return this.driver.list(prefix);
  }

  localCopy(key: string) {
    return this.driver.localCopy(key);
  }

  /** Public URL of a stored object; /media checks access per area before serving it. */
  url(key: string): string {
    return mediaUrl(key);
  }
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${+(bytes / 1024 ** 3).toFixed(1)} GB`;
  if (bytes >= 1024 ** 2) return `${+(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}
