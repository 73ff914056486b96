import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

let root = join(tmpdir(), 'reelty-media-work');

/**
 * Temporary media work lives under one root (`<storage>/tmp/media`), each directory named after
 * the process that made it, so what a killed process left behind is found and removed at the next
 * start without touching the work of a process still running (a worker beside the web node).
 */
export function useMediaWorkRoot(path: string): void {
  root = path;
}

export async function makeWorkDir(kind: string): Promise<string> {
  await mkdir(root, { recursive: true });
  return mkdtemp(join(root, `${process.pid}-${kind}-`));
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes work directories of processes that are gone; answers how many. */
export async function cleanStaleWork(): Promise<number> {
  let entries: string[];
  try {
    entries = await readdir(root);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const entry of entries) {
    const pid = Number(entry.split('-')[0]);
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) continue;
    if (pid === process.pid) continue;
    await rm(join(root, entry), { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
