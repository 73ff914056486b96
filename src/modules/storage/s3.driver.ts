import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
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

  /** A buffer or a stream that ends within one part goes in one PutObject; a longer stream goes up part by part. */
  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    if (Buffer.isBuffer(body)) return this.putOne(key, body, contentType);
    const parts = inParts(body, PART_BYTES);
    const first = await parts.next();
    const second = first.done ? first : await parts.next();
    if (second.done) return this.putOne(key, first.done ? Buffer.alloc(0) : first.value, contentType);
    const { UploadId } = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    const done: Array<{ ETag: string | undefined; PartNumber: number }> = [];
    try {
      const upload = async (bytes: Buffer) => {
        const PartNumber = done.length + 1;
        const part = await this.client.send(
          new UploadPartCommand({ Bucket: this.bucket, Key: key, UploadId, PartNumber, Body: bytes }),
        );
        done.push({ ETag: part.ETag, PartNumber });
      };
      await upload(first.value as Buffer);
      await upload(second.value);
      for await (const bytes of parts) await upload(bytes);
      await this.client.send(
        new CompleteMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId, MultipartUpload: { Parts: done } }),
      );
    } catch (error) {
      await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId })).catch(() => undefined);
      throw error;
    }
  }

  private async putOne(key: string, body: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType }));
  }

  async list(prefix: string): Promise<Array<{ key: string; size: number }>> {
    const found: Array<{ key: string; size: number }> = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const item of page.Contents ?? []) found.push({ key: item.Key!, size: item.Size ?? 0 });
      token = page.NextContinuationToken;
    } while (token);
    return found;
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
      // eslint-disable-next-line no-restricted-syntax -- S3 answered without a date: the moment of the read
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

/** S3 parts are 5 MB at least (but the last); 8 MB keeps memory per upload bounded. */
const PART_BYTES = 8 * 1024 * 1024;

/** Re-cuts a stream into buffers of `size` bytes (the last may be shorter). */
async function* inParts(stream: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    pending.push(Buffer.from(chunk as Buffer));
    length += (chunk as Buffer).length;
    while (length >= size) {
      const all = Buffer.concat(pending);
      yield all.subarray(0, size);
      pending = [all.subarray(size)];
      length -= size;
    }
  }
  if (length > 0) yield Buffer.concat(pending);
}
