import type { AppConfig } from './app-config';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/**
 * What a listening instance exposes, in a few sentences for the startup log: development mode is
 * meant for one machine, and the operator should read plainly when it is reachable from others.
 */
export function describeExposure(config: AppConfig): { level: 'log' | 'warn'; lines: string[] } {
  const lines: string[] = [];
  const keyFrom = {
    environment: 'APP_KEY',
    storage: `${config.storageDir}/app.key (generated on an earlier start)`,
    generated: `${config.storageDir}/app.key (generated now; keep it: it seals two-factor secrets)`,
    ephemeral: 'a key for this process only (sessions end on restart)',
  }[config.appKeySource];
  lines.push(
    `Secrets (sessions, two-factor sealing, broadcast signing) derive from ${keyFrom}` +
      (config.previousAppKeys.length
        ? `; ${config.previousAppKeys.length} previous key(s) still accepted for reading`
        : ''),
  );
  if (config.env === 'production') {
    lines.push(
      `Production: listening on ${config.host}; no demo accounts, no dev mailbox; X-Forwarded-For trusted from ${
        config.trustProxy === false ? 'no proxy (set TRUST_PROXY)' : String(config.trustProxy)
      }`,
    );
    return { level: 'log', lines };
  }
  const local = LOOPBACK_HOSTS.has(config.host);
  if (local) {
    lines.push(
      `Development mode on ${config.host} only (this machine): the dev mailbox at /dev/mailbox` +
        `${config.seedDemo ? ' and the demo accounts with their published passwords' : ''} are for you alone. ` +
        'Set HOST=0.0.0.0 to let other machines in.',
    );
    return { level: 'log', lines };
  }
  lines.push(
    `Development mode is reachable from the network on ${config.host}:${config.port}. Exposed to anyone who can reach it: ` +
      `${config.seedDemo ? 'the demo accounts with their published passwords (SEED_DEMO=false to skip them), ' : ''}` +
      'and the demo data. The dev mailbox (password-reset links) still answers only to ' +
      'this machine and to signed-in admins. Use NODE_ENV=production for anything others can reach.',
  );
  return { level: 'warn', lines };
}
