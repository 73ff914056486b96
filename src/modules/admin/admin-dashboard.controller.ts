import { Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { Clock } from '../../common/clock';
import type { AdminDashboardJson, AdminMetricsJson } from '../../contracts/admin';
import { Roles } from '../auth';
import { Inertia } from '../inertia';
import { TimersService } from '../jobs';
import { AuditActor } from './audit-context';
import { AuditService, type AuditContext } from './audit.service';
import { MetricsQueryDto } from './dto/admin.dto';
import { MetricsService, ROLLUP_TIMER } from './metrics.service';

/** The admin console's front door: where every admin screen is listed (more join as the console grows). */
export const ADMIN_SECTIONS = [
  { title: 'Credits', description: 'Look a user up, grant image credits, read the ledger.', href: '/admin/credits' },
  {
    title: 'Queue monitor',
    description: 'Background jobs per queue: waiting, active, failed; retry or clean.',
    href: '/admin/queue-monitor',
  },
  {
    title: 'Sweepstakes',
    description: 'Create, open, close and draw provably fair sweepstakes; winners, claims and fulfilment.',
    href: '/admin/sweepstakes',
  },
  {
    title: 'Affiliates',
    description: 'Applications, guidelines versions, marketing materials, tax forms, fraud flags, crypto payouts.',
    href: '/admin/affiliates',
  },
  {
    title: 'Payouts',
    description: 'Preview and confirm affiliate payout batches, watch them pay live, export the bank file.',
    href: '/admin/payouts',
  },
  {
    title: 'Orders',
    description: 'Search and filter orders, refund in full or in part, returns, CSV export, the audit trail.',
    href: '/admin/orders',
  },
  {
    title: 'Discount codes',
    description: 'Percentage or fixed codes for the shop, a product or a category; limits, windows, affiliate codes.',
    href: '/admin/discounts',
  },
  {
    title: 'Unfulfilled orders',
    description: 'Paid printed goods waiting to ship: add the carrier and tracking number.',
    href: '/orders/unfulfilled',
  },
  {
    title: 'Users',
    description: 'Find anyone by email, handle or name; roles, suspension, verification, impersonation, deletion.',
    href: '/admin/users',
  },
  {
    title: 'Metrics',
    description: 'Time series by day, week or month, cohort retention by sign-up week, AI provider cost per day.',
    href: '/admin/metrics',
  },
  {
    title: 'Audit trail',
    description: 'Every admin action: who, what, before and after, from where and when.',
    href: '/admin/audit',
  },
  {
    title: 'Community reviews',
    description: 'Posts with links from new accounts and posts hidden by flags: approve or remove.',
    href: '/admin/community/reviews',
  },
  {
    title: 'Arena vote review',
    description:
      'Vote clusters from one network, device or new accounts: exclude the votes (ratings replayed) or dismiss.',
    href: '/admin/arena/flags',
  },
  {
    title: 'Design assets',
    description: "The AI designer's room types, designers, locations, themes and colours: previews, prompts, order.",
    href: '/admin/design-assets',
  },
  {
    title: 'Design chat',
    description: 'Design-chat messages flagged by people or the content filter: hide, dismiss, warn or suspend.',
    href: '/admin/design-chat',
  },
  {
    title: 'Marketing',
    description: 'Announcements as a banner or toast for an audience, and broadcasts with live progress.',
    href: '/admin/marketing',
  },
  {
    title: 'Stickers',
    description: 'Sticker packs, free or priced: upload stickers, enable or disable packs.',
    href: '/admin/stickers',
  },
  {
    title: 'Provider licences',
    description: 'Service providers waiting for a licence check: read the document, set the verified badge.',
    href: '/admin/service-providers/verify',
  },
] as const;

/** Admin Dashboard (the platform at a glance, from the rollups) and Metrics. */
@Controller()
@Roles('admin')
export class AdminDashboardController {
  constructor(
    private readonly metrics: MetricsService,
    private readonly timers: TimersService,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  @Get('admin')
  async page() {
    return Inertia.render('Admin/Dashboard', { sections: ADMIN_SECTIONS, dashboard: await this.metrics.dashboard() });
  }

  @Get('admin/metrics')
  async metricsPage(@Query() query: MetricsQueryDto) {
    return Inertia.render('Metrics/Index', { metrics: await this.metrics.series(query.currentPeriod()) });
  }

  /** The dashboard's figures: each metric's latest day with its 30-day trend, queue depth, connections. */
  @Get('api/admin/metrics/dashboard')
  dashboard(): Promise<AdminDashboardJson> {
    return this.metrics.dashboard();
  }

  /** The metric series by day, week or month, cohort retention and AI provider cost per day. */
  @Get('api/admin/metrics')
  series(@Query() query: MetricsQueryDto): Promise<AdminMetricsJson> {
    return this.metrics.series(query.currentPeriod());
  }

  /** Queues a rollup now (the scheduled one runs every few minutes); open dashboards refresh when it is done. */
  @Post('api/admin/metrics/rollup')
  @HttpCode(202)
  async rollup(@AuditActor() actor: AuditContext): Promise<{ message: string }> {
    // Requests within the same minute share one job, so repeated clicks never pile rollups up on the queue.
    const minute = new Date(Math.floor(this.clock.nowMs() / 60_000) * 60_000);
    await this.timers.at(minute, ROLLUP_TIMER, {}, 'manual');
    await this.audit.record(actor, { action: 'metrics.rollup_requested', subject: { type: 'metrics' } });
    return { message: 'Rollup queued' };
  }
}
