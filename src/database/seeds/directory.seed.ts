import { randomBytes } from 'node:crypto';
import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { sharp } from '../../common/sharp';
import { DataSource, In } from 'typeorm';
import { hashPassword } from '../../modules/auth';
import { DirectoryService } from '../../modules/directory';
import { User } from '../../modules/users/user.entity';

/** Demo providers: [email, business, industry, city, headline, licence, verified, offerings [title, price cents|null]]. */
const PROVIDERS: Array<
  [string, string, string, string, string, string | null, boolean, Array<[string, number | null]>]
> = [
  [
    'stager@reelty.test',
    'Bay Stagers',
    'staging',
    'Sausalito',
    'Luxury staging for view homes',
    'CA-STG-2231',
    true,
    [
      ['Full-home staging (30 days)', 650_000],
      ['Virtual staging, per photo', 4_500],
    ],
  ],
  [
    'lens@reelty.test',
    'Golden Hour Photo',
    'photography',
    'San Francisco',
    'Twilight, interiors and drone stills',
    null,
    false,
    [
      ['Listing shoot, 40 photos', 45_000],
      ['Twilight add-on', 15_000],
    ],
  ],
  [
    'inspect@reelty.test',
    'Tahoe Home Inspections',
    'inspection',
    'Truckee',
    'Home, roof and pool inspections',
    'ASHI-77812',
    true,
    [['Full home inspection', 65_000]],
  ],
  [
    'lender@reelty.test',
    'Harbor Jumbo Lending',
    'lending',
    'San Francisco',
    'Jumbo loans and bridge financing',
    'NMLS-440210',
    true,
    [
      ['Jumbo pre-approval', 0],
      ['Bridge loan', null],
    ],
  ],
];

/**
 * Directory demo: four provider accounts (one shared random password: they are not for signing in) with profiles
 * and offerings. Idempotent: skipped when the first provider account exists.
 */
export async function seedDemoDirectory(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const db = app.get<DataSource>(getDataSourceToken());
  const emails = PROVIDERS.map((p) => p[0]);
  if (await db.getRepository(User).exists({ where: { email: In(emails) } })) return;
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  const users = await db.transaction(async (tx) => {
    const saved = await tx.getRepository(User).save(
      PROVIDERS.map(([email, name]) =>
        tx.getRepository(User).create({
          name,
          email,
          handle: email.split('@')[0].replace(/[^a-z]/g, ''),
          passwordHash,
          emailVerifiedAt: new Date(),
        }),
      ),
    );
    for (const [i, [, name, industry, city, headline, licence, verified, offerings]] of PROVIDERS.entries()) {
      const [provider] = await tx.query(
        `INSERT INTO service_providers (user_id, industry_id, name, headline, city, licence_number, verified_at, offerings_count)
         SELECT $1, id, $2, $3, $4, $5, CASE WHEN $6::boolean THEN now() END, $7 FROM industries WHERE slug = $8 RETURNING id`,
        [saved[i].id, name, headline, city, licence, verified, offerings.length, industry],
      );
      await tx.query(
        `INSERT INTO offerings (provider_id, title, price_minor) SELECT $1, t, p FROM unnest($2::text[], $3::int[]) AS x(t, p)`,
        [provider.id, offerings.map((o) => o[0]), offerings.map((o) => o[1])],
      );
    }
    return saved;
  });
  // The unverified photographer has sent a licence scan, so Admin/ServiceProviders/Verify has one to decide.
  const waiting = PROVIDERS.findIndex(([, , , , , , verified]) => !verified);
  await app.get(DirectoryService).uploadLicence(users[waiting], await licenceScan(PROVIDERS[waiting][1]));
  logger.log(`Directory demo: ${PROVIDERS.length} service providers with offerings, one licence awaiting verification`);
}

/** A made-up licence certificate as a PNG (drawn locally from SVG; no file or network). */
function licenceScan(business: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="560">
    <rect width="800" height="560" fill="#fbf7ee" stroke="#8a6d3b" stroke-width="14"/>
    <text x="400" y="150" font-family="serif" font-size="42" text-anchor="middle" fill="#4a3b1f">Business Licence</text>
    <text x="400" y="260" font-family="serif" font-size="34" text-anchor="middle" fill="#222">${business}</text>
    <text x="400" y="340" font-family="sans-serif" font-size="22" text-anchor="middle" fill="#555">Demo document: not a real licence</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
