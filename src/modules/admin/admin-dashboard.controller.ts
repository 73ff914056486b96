import { Controller, Get } from '@nestjs/common';
import { Roles } from '../auth';
import { Inertia } from '../inertia';

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
    title: 'Unfulfilled orders',
    description: 'Paid printed goods waiting to ship: add the carrier and tracking number.',
    href: '/orders/unfulfilled',
  },
  {
    title: 'Community reviews',
    description: 'Posts with links from new accounts and posts hidden by flags: approve or remove.',
    href: '/admin/community/reviews',
  },
] as const;

@Controller()
@Roles('admin')
export class AdminDashboardController {
  @Get('admin')
  page() {
    return Inertia.render('Admin/Dashboard', { sections: ADMIN_SECTIONS });
  }
}
