import type { Readable } from 'node:stream';

export interface ObjectStat {
  size: number;
  contentType: string;
  modifiedAt: Date;
  /** The store's own strong validator when it has one (S3); local disk derives one from mtime and size. */
  etag?: string;
}

export interface ByteRange {
  start: number;
  end: number;
}

/** Where bytes live: local disk or an S3-compatible bucket. Keys are ours, never a user's path. */
export interface StorageDriver {
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  stat(key: string): Promise<ObjectStat | null>;
  delete(key: string): Promise<void>;
  deletePrefix(prefix: string): Promise<void>;
  /** Objects whose keys start with `prefix` (a folder ends with '/'), in key order. */
  list(prefix: string): Promise<Array<{ key: string; size: number }>>;
  /** A local file path for tools that need one (ffmpeg); S3 downloads to a temp file. */
  localCopy(key: string): Promise<{ path: string; release(): Promise<void> }>;
}
