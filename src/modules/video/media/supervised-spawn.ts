import { ChildProcess, spawn } from 'node:child_process';
import { constants } from 'node:os';

/**
 * Runs the command under a tiny shell supervisor in a process group of its own:
 * - a watcher kills the command within about a second once this Node process is gone, even
 *   after `kill -9` (Node has no parent-death signal), so no encoder is left orphaned to PID 1;
 * - the group is not the terminal's, so Ctrl-C reaches Node (which shuts down in order) and not the
 *   encoder mid-job;
 * - `stopGroup` / `stopAllSupervised` kill the command, the supervisor and the watcher together.
 * The supervisor exits with the command's status (128 + n when it died of signal n).
 */
const SUPERVISOR = `
"$@" &
child=$!
( while kill -0 "$REELTY_PARENT_PID" 2>/dev/null; do sleep 1; done; kill -KILL "$child" 2>/dev/null ) &
watcher=$!
wait "$child"
status=$?
kill "$watcher" 2>/dev/null
exit "$status"
`;

const live = new Set<ChildProcess>();

export function spawnSupervised(bin: string, args: string[]): ChildProcess {
  const child = spawn('/bin/sh', ['-c', SUPERVISOR, 'reelty-supervisor', bin, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REELTY_PARENT_PID: String(process.pid) },
    detached: true,
  });
  live.add(child);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Kills a supervised command's whole group (command, supervisor, watcher). */
export function stopGroup(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

/** At shutdown: every encoder still running is stopped with its group. */
export function stopAllSupervised(signal: NodeJS.Signals = 'SIGKILL'): number {
  const count = live.size;
  for (const child of live) stopGroup(child, signal);
  return count;
}

/** The supervisor reports "died of signal n" as exit status 128 + n: give it back as the signal. */
export function exitOf(
  code: number | null,
  signal: NodeJS.Signals | null,
): { code: number | null; signal: NodeJS.Signals | null } {
  if (signal || code === null || code <= 128) return { code, signal };
  const name = Object.entries(constants.signals).find(([, number]) => number === code - 128)?.[0];
  return name ? { code: null, signal: name as NodeJS.Signals } : { code, signal };
}
