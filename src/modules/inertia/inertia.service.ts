import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { takeErrors, takeFlash } from '../../common/flash';
import { cspNonce } from '../security';
import { AssetsService } from './assets.service';
import { escapeHtml } from '../../common/escape-html';
import { buildPage, scriptSafeJson } from './page-builder';
import { INERTIA_HEADERS, InertiaPage, PropResolver, isInertiaRequest } from './inertia.types';

/** Renders Inertia responses and holds the props every page shares (registered by modules). */
@Injectable()
export class InertiaService {
  private readonly shared = new Map<string, PropResolver>();

  constructor(
    private readonly assets: AssetsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.share('appName', () => this.config.appName);
  }

  /** Adds a prop to every page, computed per request (e.g. the signed-in user). */
  share(key: string, resolver: PropResolver): void {
    this.shared.set(key, resolver);
  }

  get version(): string {
    return this.assets.version;
  }

  async page(req: Request, component: string, props: Record<string, unknown>): Promise<InertiaPage> {
    this.assertNoSharedName(component, props);
    const all: Record<string, unknown> = {};
    for (const [key, resolver] of this.shared) all[key] = () => resolver(req);
    Object.assign(all, props);
    all.errors = props.errors ?? takeErrors(req);
    return buildPage(req, component, all, this.version, takeFlash(req));
  }

  /**
   * A page's own prop must not reuse a shared prop's name: it would replace the shared value on that page only, and
   * the app shell reading the shared one (the team switcher, the announcement banner) would get the page's data.
   */
  private assertNoSharedName(component: string, props: Record<string, unknown>): void {
    const clashes = Object.keys(props).filter((key) => this.shared.has(key));
    if (clashes.length > 0) {
      throw new Error(`${component} sets ${clashes.join(', ')}, already a prop every page shares: rename it.`);
    }
  }

  async send(
    req: Request,
    res: Response,
    component: string,
    props: Record<string, unknown>,
    status = 200,
  ): Promise<void> {
    const page = await this.page(req, component, props);
    res.status(status).setHeader('Vary', 'X-Inertia');
    if (isInertiaRequest(req)) {
      res.setHeader('X-Inertia', 'true');
      res.json(page);
      return;
    }
    res.type('html').send(this.html(page, req.session?.csrfToken ?? '', cspNonce(res)));
  }

  /** 409 + X-Inertia-Location makes the client do a full visit (outside URLs, stale assets). */
  location(req: Request, res: Response, url: string): void {
    if (isInertiaRequest(req)) {
      res.status(409).setHeader(INERTIA_HEADERS.location, url);
      res.end();
      return;
    }
    res.redirect(url);
  }

  private html(page: InertiaPage, csrfToken: string, nonce: string): string {
    const title = this.config.appName;
    return (
      this.assets.rootView
        .replace(/{{title}}/g, escapeHtml(title))
        .replace(/{{appName}}/g, escapeHtml(this.config.appName))
        .replace(/{{csrfToken}}/g, escapeHtml(csrfToken))
        .replace('{{head}}', () => this.assets.headTags)
        // Every script and module preload of the shell carries the response's CSP nonce (before the page JSON goes in).
        .replace(/<script(?=[\s>])/g, `<script nonce="${nonce}"`)
        .replace(/<link rel="modulepreload"/g, `<link rel="modulepreload" nonce="${nonce}"`)
        .replace('{{page}}', () => scriptSafeJson(page))
    );
  }
}
