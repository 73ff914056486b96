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

/** The most pixels an uploaded image may have (120 MP: above any phone or camera photo, far below a decompression bomb). */
export const MAX_UPLOAD_PIXELS = 120_000_000;

/**
 * An upload is what its first bytes say only if it decodes as that: images are decoded whole by sharp (under the
 * pixel cap), PDFs parsed by pdf-lib and must hold a page. A JPEG header followed by noise, a 30,000-pixel-square PNG
 * or a PDF/HTML polyglot is refused here. Videos are checked by the transcoder, which decodes them anyway.
 */
const WEB_MARKUP = /<(?:html|script|body|iframe|svg)[\s>/]/i;

async function assertDecodes(bytes: Buffer, type: SniffedType, field: string): Promise<void> {
  if (type.kind === 'image') {
    try {
      await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_UPLOAD_PIXELS }).stats();
    } catch (error) {
      throw unreadableImage(error, field);
    }
  }
  if (type.mime === 'application/pdf') {
    const { PDFDocument } = await import('pdf-lib');
    const pages = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false })
      .then((pdf) => pdf.getPageCount())
      .catch(() => 0);
    if (pages < 1) throw ValidationFailedException.of(field, 'This PDF could not be read. Upload the form as a PDF again.');
    // A PDF that is also a web page (markup a browser would run if it ever sniffed it as HTML) is not a form.
    if (WEB_MARKUP.test(bytes.toString('latin1')))
      throw ValidationFailedException.of(field, 'This PDF also holds web page markup. Save the form again from a PDF app and upload that.');
  }
}

function unreadableImage(error: unknown, field: string): ValidationFailedException {
  const tooBig = /pixel limit/i.test((error as Error)?.message ?? '');
  return ValidationFailedException.of(
    field,
    tooBig
      ? `This image is too large: at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`
      : 'This image could not be read. Try another file.',
  );
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
    await assertDecodes(bytes, type, rules.field);
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
      normalized = await sharp(bytes, { failOn: 'error', limitInputPixels: MAX_UPLOAD_PIXELS }).rotate().jpeg({ quality: 88, mozjpeg: true }).toBuffer({ resolveWithObject: true });
    } catch (error) {
      throw unreadableImage(error, rules.field);
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
