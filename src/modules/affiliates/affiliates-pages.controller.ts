import {
  Body,
  Controller,
  Get,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request, Response } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { ValidationFailedException } from '../../common/validation';
import { CurrentUser, Public } from '../auth';
import { Inertia } from '../inertia';
import type { InertiaResponse } from '../inertia';
import { DiscountCodesService } from '../commerce';
import { RateLimiterService, TooManyAttemptsException } from '../security';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import type { User } from '../users';
import type { AffiliateRow } from './affiliates.types';
import { ATTRIBUTION_COOKIE } from '../../common/attribution';
import { AttributionService } from './attribution.service';
import { CommissionsService } from './commissions.service';
import { DocumentsService, UPLOAD_LIMITS } from './documents.service';
import { TaxFormDto } from './dto/affiliates.dto';
import { PayoutsService } from './payouts/payouts.service';
import { ProgrammeService } from './programme.service';

const SCREENS = [
  'dashboard',
  'links',
  'referrals',
  'payouts',
  'documents',
  'marketing-materials',
  'recruitment',
  'recruits',
];

type Screen =
  'Dashboard' | 'Links' | 'Referrals' | 'Payouts' | 'Documents' | 'MarketingMaterials' | 'Recruitment' | 'Recruits';

/** The programme's pages. Each affiliate page answers the state page (pending, banned...) until approved. */
@Controller()
export class AffiliatesPagesController {
  constructor(
    private readonly programme: ProgrammeService,
    private readonly attribution: AttributionService,
    private readonly commissions: CommissionsService,
    private readonly payouts: PayoutsService,
    private readonly documents: DocumentsService,
    private readonly limiter: RateLimiterService,
    private readonly discountCodes: DiscountCodesService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get('affiliate')
  async landing(@Req() req: Request) {
    const affiliate = req.user ? await this.programme.mine(req.user) : null;
    return Inertia.render('Affiliate/Landing', {
      affiliate,
      guidelines: await this.programme.guidelines(),
      terms: await this.programme.terms(),
    });
  }

  @Get('affiliate/signup')
  async signup(@CurrentUser() user: User, @Query('recruiter') recruiter?: string) {
    const affiliate = await this.programme.mine(user);
    if (affiliate) return this.statePage(affiliate.status, affiliate);
    return Inertia.render('Affiliate/Signup', {
      guidelines: await this.programme.guidelines(),
      recruiter_code: recruiter?.slice(0, 32) ?? null,
      payout_methods: this.programme.payoutMethods(),
    });
  }

  @Get('affiliate/pending')
  async pending(@CurrentUser() user: User) {
    const affiliate = await this.programme.mine(user);
    return affiliate
      ? this.statePage(affiliate.status, affiliate)
      : Inertia.render('Affiliate/Signup', {
          guidelines: await this.programme.guidelines(),
          recruiter_code: null,
          payout_methods: this.programme.payoutMethods(),
        });
  }

  @Get('affiliate/banned')
  async banned(@CurrentUser() user: User) {
    return this.pending(user);
  }

  @Get(SCREENS.map((slug) => `affiliate/${slug}`))
  async screen(@CurrentUser() user: User, @Req() req: Request) {
    const slug = req.path.split('/')[2];
    const row = await this.programme.row({ userId: user.id });
    if (!row || row.status !== 'approved')
      return row ? this.statePage(row.status, await this.programme.toJson(row)) : this.signup(user);
    const screen = slug.replace(/(^|-)([a-z])/g, (_, __, c: string) => c.toUpperCase()) as Screen;
    return Inertia.render(`Affiliate/${screen}`, {
      affiliate: await this.programme.toJson(row),
      ...(await this.propsFor(screen, row)),
    });
  }

  @Get('user/payouts')
  async userPayouts(@CurrentUser() user: User) {
    const row = await this.programme.row({ userId: user.id });
    const approved = row?.status === 'approved' ? row : null;
    return Inertia.render('User/Payouts', {
      affiliate: row ? await this.programme.toJson(row) : null,
      balance: approved ? await this.payouts.balance(approved) : null,
      payouts: approved ? await this.payouts.payoutsOf('affiliate_id', approved.id, 1, 20) : null,
    });
  }

  /** A tracked link: records the click, sets the first-party HttpOnly cookie, then sends the visitor on with `ref`. */
  @Public()
  @Get('r/:token')
  async click(@Param('token') token: string, @Req() req: Request, @Res() res: Response) {
    // Past the per-IP limit a click still redirects (the visitor is not punished) but is not recorded or credited.
    const record = await this.limiter
      .hit(`affiliate-click:${req.ip}`, this.config.rateLimits.clicksPerIpPerMinute, 60)
      .then(() => true)
      .catch((error: unknown) => {
        if (error instanceof TooManyAttemptsException) return false;
        throw error;
      });
    const { destination, clickToken, code } = await this.attribution.click(token.slice(0, 24), req.ip ?? null, record);
    if (clickToken)
      res.cookie(ATTRIBUTION_COOKIE, clickToken, {
        httpOnly: true,
        sameSite: 'lax',
        secure: req.secure,
        maxAge: this.attribution.cookieMaxAgeMs(),
        path: '/',
      });
    const target = new URL(destination, 'http://local');
    if (code) target.searchParams.set('ref', code);
    res.redirect(302, `${target.pathname}${target.search}`);
  }

  @Public()
  @Get('tax-form/:affiliate')
  async taxFormPage(
    @Param('affiliate', UuidPipe) id: string,
    @Query('expires') expires: string,
    @Query('signature') signature: string,
  ) {
    const check = this.documents.checkUploadLink(id, expires, signature);
    const affiliate = check === 'valid' ? await this.programme.row({ id }) : null;
    return Inertia.render('TaxFormUpload', {
      link_state: affiliate ? 'valid' : check === 'valid' ? 'invalid' : check,
      affiliate_name: affiliate?.user_name ?? null,
      expires,
      signature,
    });
  }

  @Public()
  @Post('tax-form/:affiliate')
  @UseInterceptors(FileInterceptor('file', UPLOAD_LIMITS))
  async taxFormUpload(
    @Param('affiliate', UuidPipe) id: string,
    @Query('expires') expires: string,
    @Query('signature') signature: string,
    @Body() dto: TaxFormDto,
    @Req() req: Request,
    @UploadedFile() file?: { buffer: Buffer },
  ) {
    await this.limiter.hit(`tax-form-public:${req.ip}`, 10, 3600);
    const check = this.documents.checkUploadLink(id, expires, signature);
    if (check !== 'valid')
      throw ValidationFailedException.of(
        'file',
        check === 'expired'
          ? 'This link has expired: ask for a new one from your Documents page.'
          : 'This link is not valid.',
      );
    const affiliate = await this.programme.row({ id });
    if (!affiliate || !file) throw ValidationFailedException.of('file', 'Choose the signed form (PDF, JPEG or PNG).');
    return { tax_form: await this.documents.uploadTaxForm(affiliate, dto.kind, file.buffer) };
  }

  private statePage(status: string, affiliate: unknown): InertiaResponse {
    if (status === 'banned') return Inertia.render('Affiliate/Banned', { affiliate });
    return Inertia.render('Affiliate/PendingApplication', { affiliate });
  }

  private async propsFor(screen: Screen, row: AffiliateRow): Promise<Record<string, unknown>> {
    switch (screen) {
      case 'Dashboard':
        return {
          balance: await this.payouts.balance(row),
          clicks_by_day: await this.attribution.clicksByDay(row),
          commissions: await this.commissions.list(row, 1, 8),
          referrals: await this.attribution.referrals(row, 1, 1),
          guidelines: await this.programme.guidelines(),
        };
      case 'Links':
        return {
          links: await this.attribution.links(row, 1, 20),
          // Codes the admin gave this affiliate: an order with one is theirs even without a click.
          discount_codes: await this.discountCodes.page(1, 20, row.code),
        };
      case 'Referrals':
        return {
          commissions: await this.commissions.list(row, 1, 20),
          referrals: await this.attribution.referrals(row, 1, 20),
        };
      case 'Payouts':
        return {
          balance: await this.payouts.balance(row),
          payouts: await this.payouts.payoutsOf('affiliate_id', row.id, 1, 20),
          payout_methods: this.programme.payoutMethods(),
        };
      case 'Documents':
        return { tax_forms: await this.documents.taxForms(row), balance: await this.payouts.balance(row) };
      case 'MarketingMaterials':
        return { materials: await this.documents.materials(), links: await this.attribution.links(row, 1, 100) };
      case 'Recruitment':
        return {
          recruit_url: `/affiliate/signup?recruiter=${encodeURIComponent(row.code)}`,
          override_bps: (await this.programme.terms()).override_bps,
        };
      case 'Recruits':
        return { recruits: await this.programme.recruits(row) };
    }
  }
}
