import { INestApplicationContext, LoggerService } from '@nestjs/common';
import { BoostsService } from '../../modules/boosts';
import { CartService } from '../../modules/commerce/cart.service';
import { CatalogService } from '../../modules/commerce/catalog.service';
import type { ProductDefinition } from '../../modules/commerce/catalog.repository';
import { CheckoutService } from '../../modules/commerce/checkout.service';
import { FulfilmentService } from '../../modules/commerce/fulfilment.service';
import { OrdersService } from '../../modules/commerce/orders.service';
import { LocalPaymentProvider } from '../../modules/commerce/payments/local.provider';
import { PAYMENT_PROVIDER, type PaymentProvider } from '../../modules/commerce/payments/payment-provider';
import { StorageService } from '../../modules/storage/storage.service';
import { UsersService } from '../../modules/users/users.service';
import { PageQueryDto } from '../../common/page-query.dto';
import { ValidationFailedException } from '../../common/validation';
import type { NewDiscountCode } from '../../contracts/commerce';
import { ProgrammeService } from '../../modules/affiliates';
import { DiscountCodesService } from '../../modules/commerce';
import type { CreateDiscountDto } from '../../modules/commerce/dto/discounts.dto';

const GUIDE_KEY = 'commerce-assets/guides/first-open-house-guide.pdf';

/** A minimal one-page PDF, so the vault has a real file to hand out. */
const GUIDE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]/Contents 4 0 R/Resources<<>>>>endobj ' +
    '4 0 obj<</Length 58>>stream\nBT /F1 18 Tf 20 70 Td (Your first open house: a guide) Tj ET\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

export const DEMO_CATALOGUE: ProductDefinition[] = [
  {
    slug: 'image-credits-50',
    title: 'Image credits: 50-pack',
    summary: '50 image credits for the AI designer, valid for a year.',
    description:
      'Each design generation uses credits. Credits from packs expire after 365 days; the earliest-expiring are used first.',
    department: 'ai',
    category: 'credit-packs',
    kind: 'credit_pack',
    creditAmount: 50,
    creditValidityDays: 365,
    variants: [{ sku: 'CREDITS-50', name: '50 credits', priceMinor: 1900 }],
  },
  {
    slug: 'image-credits-200',
    title: 'Image credits: 200-pack',
    summary: '200 image credits for the AI designer, valid for a year.',
    description: 'The better price per credit for busy agents.',
    department: 'ai',
    category: 'credit-packs',
    kind: 'credit_pack',
    creditAmount: 200,
    creditValidityDays: 365,
    variants: [{ sku: 'CREDITS-200', name: '200 credits', priceMinor: 5900 }],
  },
  {
    slug: 'scandi-style-pack',
    title: 'Scandinavian style pack',
    summary: 'Twelve designer styles for bright, calm Nordic interiors.',
    description:
      'Adds twelve curated Scandinavian styles to the designer: Hygge, Lagom, Danish modern, Swedish Gustavian and more.',
    department: 'ai',
    category: 'style-packs',
    kind: 'style_pack',
    stylePack: 'scandinavian',
    variants: [{ sku: 'STYLE-SCANDI', name: 'Style pack', priceMinor: 900 }],
  },
  {
    slug: 'listing-boost-7-days',
    title: 'Listing boost',
    summary: 'Push one listing to the top of market searches.',
    description:
      'Your listing shows first, marked "Sponsored", in matching market searches for the chosen period. Unused days are refunded if the listing leaves the market.',
    department: 'real_estate',
    category: 'listing-boosts',
    kind: 'listing_boost',
    variants: [
      { sku: 'BOOST-7', name: '7 days', priceMinor: 2900, boostDays: 7 },
      { sku: 'BOOST-30', name: '30 days', priceMinor: 9900, boostDays: 30 },
    ],
  },
  {
    slug: 'printed-flyers-100',
    title: 'Printed listing flyers',
    summary: 'Glossy A5 flyers of your listing, shipped to your office.',
    description: 'Full-colour, double-sided, 300 gsm. Ships in 3 working days.',
    department: 'real_estate',
    category: 'printed-goods',
    kind: 'physical',
    variants: [
      { sku: 'FLYER-100', name: '100 flyers', priceMinor: 4500, stock: 40 },
      { sku: 'FLYER-250', name: '250 flyers', priceMinor: 9500, stock: 15 },
    ],
  },
  {
    slug: 'first-open-house-guide',
    title: 'Your first open house: a guide',
    summary: 'A checklist and scripts for a calm, well-attended open house (PDF).',
    description: 'Twenty pages: planning, invitations, the day itself, and the follow-up that sells.',
    department: 'real_estate',
    category: 'guides',
    kind: 'digital',
    assetKey: GUIDE_KEY,
    downloadLimit: 5,
    variants: [{ sku: 'GUIDE-OPEN-HOUSE', name: 'PDF', priceMinor: 1200 }],
  },
];

/**
 * The platform's catalogue (credit packs, a style pack, listing boosts, printed flyers with stock, a digital guide),
 * one paid order for the demo viewer with the guide in their vault and one for the realtor boosting an Austin
 * listing, made through the real checkout and fulfil path. Idempotent: products by slug, an order only for a buyer
 * with none.
 */
export async function seedDemoCommerce(app: INestApplicationContext, logger: LoggerService): Promise<void> {
  const storage = app.get(StorageService);
  if (!(await storage.stat(GUIDE_KEY))) await storage.put(GUIDE_KEY, GUIDE_PDF, 'application/pdf');
  const catalog = app.get(CatalogService);
  for (const product of DEMO_CATALOGUE) await catalog.ensureProduct(product);

  const partnerCode = await seedDiscountCodes(app);

  const provider = app.get<PaymentProvider>(PAYMENT_PROVIDER);
  if (!(provider instanceof LocalPaymentProvider)) return;
  const paid = [
    await buyOnce(app, provider, 'viewer@reelty.test', 'first-open-house-guide'),
    await buyOnce(app, provider, 'realtor@reelty.test', 'listing-boost-7-days', { boosted: /^Austin / }),
    partnerCode ? await buyOnce(app, provider, 'buyer@reelty.test', 'image-credits-200', { code: partnerCode }) : null,
  ].filter(Boolean);
  logger.log(`Commerce demo: ${DEMO_CATALOGUE.length} products; orders paid: ${paid.join('; ') || 'none new'}`);
}

/**
 * Two discount codes: WELCOME10 (10% off the whole shop, once per customer) for anyone to try, and VERA15, the demo
 * affiliate's code (15% off), which the demo buyer used: Admin → Discount codes shows it used once, and the
 * affiliate's Links page lists it. Answers the affiliate's code, or null when the programme has no demo affiliate.
 */
async function seedDiscountCodes(app: INestApplicationContext): Promise<string | null> {
  const users = app.get(UsersService);
  const [admin, viewer] = await Promise.all([
    users.findByEmail('admin@reelty.test'),
    users.findByEmail('viewer@reelty.test'),
  ]);
  if (!admin) return null;
  const affiliate = viewer ? await app.get(ProgrammeService).row({ userId: viewer.id }) : null;
  const codes: NewDiscountCode[] = [
    { code: 'WELCOME10', description: '10% off your first order', kind: 'percent', percent_off: 10 },
  ];
  if (affiliate?.status === 'approved')
    codes.push({
      code: 'VERA15',
      description: 'Vera’s followers save 15%',
      kind: 'percent',
      percent_off: 15,
      affiliate_code: affiliate.code,
    });
  for (const code of codes)
    await app
      .get(DiscountCodesService)
      .create(admin, code as CreateDiscountDto)
      .catch((error: unknown) => {
        // Seeded before: the code exists already.
        if (!(error instanceof ValidationFailedException)) throw error;
      });
  return affiliate?.status === 'approved' ? 'VERA15' : null;
}

/**
 * One paid order of a product's first variant for a demo user with no orders yet, through the real cart, checkout
 * and fulfilment; a boost is for the user's newest listing named like `boosted` (one of the realtor's Austin
 * listings with photos leads /market?q=Austin as "Sponsored"); `code` is a discount code applied in the cart.
 */
async function buyOnce(
  app: INestApplicationContext,
  provider: LocalPaymentProvider,
  email: string,
  slug: string,
  { boosted, code }: { boosted?: RegExp; code?: string } = {},
): Promise<string | null> {
  const buyer = await app.get(UsersService).findByEmail(email);
  if (!buyer || (await app.get(OrdersService).history(buyer, new PageQueryDto())).total > 0) return null;
  const product = await app.get(CatalogService).show(slug);
  const listing = boosted
    ? (await app.get(BoostsService).boostable(buyer.id)).find((l) => boosted.test(l.name))
    : undefined;
  if (boosted && !listing) return null;
  await app
    .get(CartService)
    .add({ userId: buyer.id }, { variant_id: product.variants[0].id, quantity: 1, property_id: listing?.id });
  if (code) await app.get(CartService).applyCode({ userId: buyer.id }, { code });
  const session = await app.get(CheckoutService).start(buyer, {});
  await provider.settle(session.session_id, 'succeed');
  await app.get(FulfilmentService).fulfil(session.session_id);
  const detail = `${product.title}${listing ? ` for ${listing.name}` : ''}${code ? ` with ${code}` : ''}`;
  return `${session.order_number} (${detail}) by ${email}`;
}
