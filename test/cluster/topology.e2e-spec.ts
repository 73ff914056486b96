import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { load } = require('js-yaml') as { load(text: string): unknown };
const cluster = require('../../bench/cluster/cluster.js') as {
  renderTemplate(text: string, vars: Record<string, string>): string;
  nginxMainConf(prefix: string): string;
  NGINX: string;
  TEMPLATE: string;
};

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  volumes?: string[];
}

const ROOT = join(__dirname, '../..');
const compose = load(readFileSync(join(ROOT, 'docker/compose.yml'), 'utf8')) as {
  services: Record<string, ComposeService>;
};
const template = readFileSync(cluster.TEMPLATE, 'utf8');
const variables = [...new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]))].sort();

/** The compose file and the cluster test run the same proxy configuration and the same S3 stand-in. */
describe('cluster topology files', () => {
  it('has compose mount the nginx template the cluster script renders, with every variable it uses', () => {
    const proxy = compose.services.proxy;
    expect(proxy.volumes).toContain('./nginx/reelty.conf.template:/etc/nginx/templates/reelty.conf.template:ro');
    expect(Object.keys(proxy.environment ?? {}).sort()).toEqual(variables);
    expect(variables).toEqual(['REELTY_PROXY_PORT', 'REELTY_WEB_1', 'REELTY_WEB_2']);
    const upstreams = [proxy.environment!.REELTY_WEB_1, proxy.environment!.REELTY_WEB_2].map(
      (hostPort) => hostPort.split(':')[0],
    );
    for (const name of upstreams)
      expect(compose.services[name]?.environment).toMatchObject({ RUN_WORKERS: 'false', TRUST_PROXY: '1' });
  });

  it('has compose run the same S3 stand-in and point every app process at it', () => {
    const s3 = compose.services.s3;
    expect(s3.volumes).toContain('../test/support/fake-s3.js:/srv/fake-s3.js:ro');
    for (const name of ['app', 'app-2', 'worker']) {
      expect(compose.services[name].environment).toMatchObject({ STORAGE_DRIVER: 's3', S3_ENDPOINT: 'http://s3:9000' });
    }
  });

  it('renders a configuration nginx accepts, for the local cluster and for compose', () => {
    const dir = mkdtempSync(join(tmpdir(), 'reelty-nginx-check-'));
    try {
      const renderings: Array<Record<string, string>> = [
        { REELTY_PROXY_PORT: '127.0.0.1:18081', REELTY_WEB_1: '127.0.0.1:3001', REELTY_WEB_2: '127.0.0.1:3002' },
        { ...compose.services.proxy.environment!, REELTY_WEB_1: '127.0.0.1:3000', REELTY_WEB_2: '127.0.0.1:3000' },
      ];
      for (const vars of renderings) {
        const rendered = cluster.renderTemplate(template, vars);
        expect(rendered).not.toMatch(/\$\{/);
        expect(rendered).toContain('$http_upgrade'); // nginx's own variables are left alone
        writeFileSync(join(dir, 'reelty.conf'), rendered);
        writeFileSync(join(dir, 'nginx.conf'), cluster.nginxMainConf(dir));
        const args = ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')];
        expect(() => execFileSync(cluster.NGINX, args, { stdio: 'pipe' })).not.toThrow();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
