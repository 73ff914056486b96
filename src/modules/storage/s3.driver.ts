import { DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppConfig } from '../../config/app-config';
import { ByteRange, ObjectStat, StorageDriver } from './storage.driver';

/** Any S3-compatible bucket (AWS, MinIO, R2...), chosen with STORAGE_DRIVER=s3. */
export class S3StorageDriver implements StorageDriver {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(settings: AppConfig['storage']['s3']) {
    if (!settings.bucket) throw new Error('S3_BUCKET must be set when STORAGE_DRIVER=s3');
    this.bucket = settings.bucket;
    this.client = new S3Client({
      region: settings.region,
      endpoint: settings.endpoint ?? undefined,
      forcePathStyle: !!settings.endpoint,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    const payload = Buffer.isBuffer(body) ? body : await toBuffer(body);
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: payload, ContentType: contentType }));
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const result = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
    );
    return result.Body as Readable;
  }

  async stat(key: string): Promise<ObjectStat | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? 'application/octet-stream', modifiedAt: head.LastModified ?? new Date(), etag: head.ETag };
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<void> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((item) => ({ Key: item.Key! }));
      if (keys.length) await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys } }));
      token = page.NextContinuationToken;
    } while (token);
  }

  async localCopy(key: string) {
    const dir = await mkdtemp(join(tmpdir(), 'reelty-s3-'));
    const path = join(dir, key.split('/').pop()!);
    await pipeline(await this.read(key), createWriteStream(path));
    return { path, release: () => rm(dir, { recursive: true, force: true }) };
  }
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}
