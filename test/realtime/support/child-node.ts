import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';

export interface ChildNode {
  port: number;
  process: ChildProcessWithoutNullStreams;
  /** SIGKILL: no close frames, no cleanup, the node's Redis share is left behind as after a crash. */
  kill(): Promise<void>;
}

/** A Redis-clustered PusherServer in its own process (support/server-process.js), so a test can kill it. */
export async function spawnClusterNode(env: {
  prefix: string;
  nodeId: string;
  heartbeatMs: number;
  nodeTtlMs: number;
}): Promise<ChildNode> {
  const child = spawn(process.execPath, [path.join(__dirname, 'server-process.js')], {
    env: {
      ...process.env,
      REALTIME_REDIS_PREFIX: env.prefix,
      REALTIME_NODE_ID: env.nodeId,
      REALTIME_HEARTBEAT_MS: String(env.heartbeatMs),
      REALTIME_NODE_TTL_MS: String(env.nodeTtlMs),
    },
  });
  child.stderr.on('data', () => undefined);
  const port = await new Promise<number>((resolve, reject) => {
    let buffer = '';
    const timer = setTimeout(() => reject(new Error('child node did not start')), 15_000);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffer += chunk;
      const found = /\{"port":(\d+)\}/.exec(buffer);
      if (found) {
        clearTimeout(timer);
        resolve(Number(found[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`child node exited with ${code}`)));
  });
  return {
    port,
    process: child,
    kill: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  };
}
