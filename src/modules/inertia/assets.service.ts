import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig } from '../../config/app-config';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

export const CLIENT_ENTRY = 'src/client/app.tsx';
export const PUBLIC_DIR = join(process.cwd(), 'dist', 'public');
const MANIFEST_PATH = join(PUBLIC_DIR, '.vite', 'manifest.json');
const ROOT_VIEW_PATH = join(process.cwd(), 'resources', 'views', 'app.html');

/**
 * Reads the Vite manifest and the root view. The asset version is a hash of the manifest,
 * so any rebuilt bundle makes open tabs reload (409 on version mismatch).
 */
@Injectable()
export class AssetsService {
  private readonly logger = new Logger(AssetsService.name);
  private cached: { version: string; head: string; view: string } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get version(): string {
    return this.load().version;
  }

  get headTags(): string {
    return this.load().head;
  }

  get rootView(): string {
    return this.load().view;
  }

  private load() {
    // Development rebuilds the bundle while the server runs: re-read each time there.
    if (this.cached && this.config.env !== 'development') return this.cached;
    const view = existsSync(ROOT_VIEW_PATH) ? readFileSync(ROOT_VIEW_PATH, 'utf8') : FALLBACK_VIEW;
    if (!existsSync(MANIFEST_PATH)) {
      if (!this.cached) this.logger.warn(`No client build at ${MANIFEST_PATH}: run "npm run build:client"`);
      this.cached = { version: '', head: '', view };
      return this.cached;
    }
    const raw = readFileSync(MANIFEST_PATH, 'utf8');
    const manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
    this.cached = { version: createHash('sha1').update(raw).digest('hex').slice(0, 16), head: headFor(manifest), view };
    return this.cached;
  }
}

function headFor(manifest: Record<string, ManifestChunk>): string {
  const entry = manifest[CLIENT_ENTRY];
  if (!entry) return '';
  const css = new Set<string>();
  const preloads = new Set<string>();
  const visit = (chunk: ManifestChunk, seen: Set<ManifestChunk>) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    chunk.css?.forEach((file) => css.add(file));
    for (const name of chunk.imports ?? []) {
      const imported = manifest[name];
      if (!imported) continue;
      preloads.add(imported.file);
      visit(imported, seen);
    }
  };
  visit(entry, new Set());
  return [
    ...[...css].map((file) => `<link rel="stylesheet" href="/${file}">`),
    ...[...preloads].map((file) => `<link rel="modulepreload" href="/${file}">`),
    `<script type="module" src="/${entry.file}"></script>`,
  ].join('\n    ');
}

const FALLBACK_VIEW = `<!doctype html><html><head><meta charset="utf-8"><title>{{title}}</title><meta name="csrf-token" content="{{csrfToken}}">{{head}}</head><body><script data-page="app" type="application/json">{{page}}</script><div id="app"></div></body></html>`;
