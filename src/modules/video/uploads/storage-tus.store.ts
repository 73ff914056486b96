import { DataStore, ERRORS, Upload } from '@tus/server';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { StorageService } from '../../storage';
import { Clock } from '../../../common/clock';

/** Bytes a PATCH keeps in memory before they go to the store as one part. */
const PART_BYTES = 8 * 1024 * 1024;
const PREFIX = 'tus-uploads/';

interface UploadInfo {
  id: string;
  size?: number;
  metadata?: Record<string, string | null>;
  creation_date?: string;
}

/**
 * Unfinished tus uploads kept in the object store (StorageService), so every node sees the same upload:
 * a PATCH may land on any node and an upload outlives the node that received its first bytes.
 *   tus-uploads/<id>/info.json            size, metadata, creation date
 *   tus-uploads/<id>/<offset, 15 digits>  the bytes one PATCH (or 8 MB of it) brought, starting at that offset
 * The upload's offset is where the run of parts from 0 stops. Parts are written whole (a part object
 * appears complete or not at all); a PATCH cut short keeps what arrived, like a file on disk does.
 */
export class StorageTusStore extends DataStore {
  constructor(
    private readonly storage: StorageService,
    private readonly expirationMs: number,
    private readonly clock: Clock,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination', 'expiration'];
  }

  private folder(id: string): string {
    return `${PREFIX}${id}/`;
  }

  private partKey(id: string, offset: number): string {
    return `${this.folder(id)}${String(offset).padStart(15, '0')}`;
  }

  override async create(upload: Upload): Promise<Upload> {
    upload.creation_date ??= this.clock.now().toISOString();
    await this.saveInfo({
      id: upload.id,
      size: upload.size,
      metadata: upload.metadata,
      creation_date: upload.creation_date,
    });
    return upload;
  }

  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let pending: Buffer[] = [];
    let length = 0;
    let at = offset;
    const flush = async () => {
      if (length === 0) return;
      await this.storage.put(this.partKey(id, at), Buffer.concat(pending), 'application/octet-stream');
      at += length;
      pending = [];
      length = 0;
    };
    try {
      for await (const chunk of stream) {
        pending.push(chunk as Buffer);
        length += (chunk as Buffer).length;
        if (length >= PART_BYTES) await flush();
      }
    } finally {
      await flush();
    }
    return at;
  }

  override async getUpload(id: string): Promise<Upload> {
    const info = await this.info(id);
    const { offset } = await this.parts(id);
    return new Upload({ id, size: info.size, offset, metadata: info.metadata, creation_date: info.creation_date });
  }

  override async declareUploadLength(id: string, size: number): Promise<void> {
    await this.saveInfo({ ...(await this.info(id)), size });
  }

  override async remove(id: string): Promise<void> {
    await this.storage.deletePrefix(this.folder(id));
  }

  /** The finished upload's bytes in one local file (for ffprobe), parts concatenated in order. */
  async localCopy(id: string): Promise<{ path: string; release(): Promise<void> }> {
    const dir = await mkdtemp(join(tmpdir(), 'reelty-upload-'));
    const path = join(dir, id);
    const { parts } = await this.parts(id);
    const out = createWriteStream(path);
    try {
      for (const part of parts) await pipeline(await this.storage.read(part.key), out, { end: false });
    } finally {
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
    }
    return { path, release: () => rm(dir, { recursive: true, force: true }) };
  }

  override async deleteExpired(): Promise<number> {
    const expiration = this.getExpiration();
    if (!expiration) return 0;
    let removed = 0;
    for (const entry of await this.storage.list(PREFIX)) {
      if (!entry.key.endsWith('/info.json')) continue;
      const id = entry.key.slice(PREFIX.length, -'/info.json'.length);
      const upload = await this.getUpload(id).catch(() => null);
      if (!upload?.creation_date || upload.offset === upload.size) continue;
      if (this.clock.nowMs() - new Date(upload.creation_date).getTime() > expiration) {
        await this.remove(id);
        removed += 1;
      }
    }
    return removed;
  }

  override getExpiration(): number {
    return this.expirationMs;
  }

  /** The contiguous run of parts from offset 0 (a stray part past a gap does not count). */
  private async parts(id: string): Promise<{ offset: number; parts: Array<{ key: string; size: number }> }> {
    const parts: Array<{ key: string; size: number }> = [];
    let offset = 0;
    for (const entry of await this.storage.list(this.folder(id))) {
      const name = entry.key.slice(this.folder(id).length);
      if (!/^\d{15}$/.test(name) || Number(name) !== offset) continue;
      parts.push(entry);
      offset += entry.size;
    }
    return { offset, parts };
  }

  private async info(id: string): Promise<UploadInfo> {
    const key = `${this.folder(id)}info.json`;
    if (!(await this.storage.stat(key))) throw ERRORS.FILE_NOT_FOUND;
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.read(key)) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as UploadInfo;
  }

  private async saveInfo(info: UploadInfo): Promise<void> {
    await this.storage.put(`${this.folder(info.id)}info.json`, Buffer.from(JSON.stringify(info)), 'application/json');
  }
}
