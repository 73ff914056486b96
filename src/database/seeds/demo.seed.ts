import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { hashPassword } from '../../modules/auth/password';
import { CreditTransaction } from '../../modules/credits/credit-transaction.entity';
import { User, UserRole, UserType } from '../../modules/users/user.entity';

export interface DemoAccount {
  name: string;
  email: string;
  handle: string;
  type: UserType;
  role: UserRole;
  password: string;
}

/** Fixed demo accounts so the README and the startup log can name them. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    name: 'Rita Realtor',
    email: 'realtor@reelty.test',
    handle: 'rita',
    type: 'realtor',
    role: 'user',
    password: 'realtor-demo-1',
  },
  {
    name: 'Victor Viewer',
    email: 'viewer@reelty.test',
    handle: 'victor',
    type: 'viewer',
    role: 'user',
    password: 'viewer-demo-1',
  },
  {
    name: 'Ada Admin',
    email: 'admin@reelty.test',
    handle: 'ada',
    type: 'realtor',
    role: 'admin',
    password: 'admin-demo-1',
  },
  // A second viewer: her chat request is what the realtor's "Requested" tab shows.
  {
    name: 'Bella Buyer',
    email: 'buyer@reelty.test',
    handle: 'bella',
    type: 'viewer',
    role: 'user',
    password: 'buyer-demo-1',
  },
];

const STARTING_CREDITS = 10;

/**
 * Creates the demo accounts once (idempotent: existing emails are left alone) and prints how to
 * log in. Feature modules add their demo rows (listings, spots, chats) through their own seeders.
 */
export async function seedDemoData(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  await db.transaction(async (tx) => {
    for (const account of DEMO_ACCOUNTS) {
      const exists = await tx.getRepository(User).exists({ where: { email: account.email } });
      if (exists) continue;
      const user = await tx.getRepository(User).save(
        tx.getRepository(User).create({
          name: account.name,
          email: account.email,
          handle: account.handle,
          type: account.type,
          role: account.role,
          passwordHash: await hashPassword(account.password),
          emailVerifiedAt: new Date(),
          imageCredits: STARTING_CREDITS,
        }),
      );
      await tx.getRepository(CreditTransaction).save({
        userId: user.id,
        kind: 'grant',
        amount: STARTING_CREDITS,
        balanceAfter: STARTING_CREDITS,
        reason: 'Welcome credits',
      });
    }
  });
  await (require('./teams.seed') as typeof import('./teams.seed')).seedPersonalTeams(app);
  await (require('./properties.seed') as typeof import('./properties.seed')).seedDemoProperties(app, logger);
  // Spots (clips transcoded in the background by the media:transcode job) and chats, follows, notifications.
  await (require('./video.seed') as typeof import('./video.seed')).seedDemoVideos(app, logger);
  await (require('./chats.seed') as typeof import('./chats.seed')).seedDemoChats(app, logger);
  await (require('./affiliates.seed') as typeof import('./affiliates.seed')).seedDemoAffiliates(app, logger);
  // Teams last: the personal properties above stay in each author's personal team.
  await (require('./teams.seed') as typeof import('./teams.seed')).seedDemoTeams(app, logger);
  await (require('./commerce.seed') as typeof import('./commerce.seed')).seedDemoCommerce(app, logger);
  // One open sweepstakes the demo users entered and one drawn sweepstakes with a verifiable result.
  await (require('./sweepstakes.seed') as typeof import('./sweepstakes.seed')).seedDemoSweepstakes(app, logger);
  await (require('./crm.seed') as typeof import('./crm.seed')).seedDemoCrm(app, logger);
  await (require('./arena.seed') as typeof import('./arena.seed')).seedDemoArena(app, logger);
  await (require('./community.seed') as typeof import('./community.seed')).seedDemoCommunity(app, logger);
  await (require('./community.seed') as typeof import('./community.seed')).seedDemoChannels(app, logger);
  await (require('./directory.seed') as typeof import('./directory.seed')).seedDemoDirectory(app, logger);
  await (require('./community.seed') as typeof import('./community.seed')).seedDemoPursuits(app, logger);
  // Admin console screens: design assets, stickers, design-chat flags, marketing, the first metrics rollup.
  await (require('./admin.seed') as typeof import('./admin.seed')).seedDemoAdmin(app, logger);
  await (require('./buyer.seed') as typeof import('./buyer.seed')).seedDemoBuyer(app, logger);
  await (require('./crm-marketing.seed') as typeof import('./crm-marketing.seed')).seedDemoCrmMarketing(app, logger);
  await (require('./wiki.seed') as typeof import('./wiki.seed')).seedDemoWiki(app, logger);
  await (require('./open-creative.seed') as typeof import('./open-creative.seed')).seedDemoOpenCreative(app, logger);
  // The realtor's own Metrics: weeks of plays, followers and inquiries, rolled up.
  await (require('./creator-metrics.seed') as typeof import('./creator-metrics.seed')).seedDemoCreatorMetrics(
    app,
    logger,
  );
  logger.log(
    'Demo accounts (development only):\n' +
      DEMO_ACCOUNTS.map(
        (a) => `    ${a.role === 'admin' ? 'admin  ' : a.type.padEnd(7)}  ${a.email}  /  ${a.password}`,
      ).join('\n'),
  );
}
