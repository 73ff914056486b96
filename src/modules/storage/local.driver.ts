import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { contentTypeForKey } from './sniff';
import { ByteRange, ObjectStat, StorageDriver } from './storage.driver';

/** Files under one root directory; every key is checked to stay inside it. */
export class LocalStorageDriver implements StorageDriver {
  private readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  path(key: string): string {
    const full = resolve(this.root, key);
    if (!full.startsWith(this.root + sep)) throw new Error(`Storage key escapes the storage root: ${key}`);
    return full;
  }

  async put(key: string, body: Buffer | Readable, _contentType: string): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    if (Buffer.isBuffer(body)) await writeFile(path, body);
    else await pipeline(body, createWriteStream(path));
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    return createReadStream(this.path(key), range ? { start: range.start, end: range.end } : undefined);
  }

  async stat(key: string): Promise<ObjectStat | null> {
    try {
      const info = await stat(this.path(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeForKey(key), modifiedAt: info.mtime } : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }

  async deletePrefix(prefix: string): Promise<void> {
    await rm(this.path(prefix.replace(/\/+$/, '')), { recursive: true, force: true });
  }

  async list(prefix: string): Promise<Array<{ key: string; size: number }>> {
    const folder = prefix.endsWith('/') ? prefix : dirname(prefix);
    let names: string[];
    try {
      names = await readdir(this.path(folder.replace(/\/+$/, '')), { recursive: true });
    } catch {
      return [];
    }
    const found: Array<{ key: string; size: number }> = [];
    for (const name of names.sort()) {
      const full = resolve(this.root, folder, name);
      const key = relative(this.root, full).split(sep).join('/');
      if (!key.startsWith(prefix)) continue;
      const info = await stat(full).catch(() => null);
      if (info?.isFile()) found.push({ key, size: info.size });
    }
    return found;
  }

  async localCopy(key: string) {
    return { path: this.path(key), release: async () => undefined };
  }
}
