import { Body, Controller, Get, HttpCode, Post, Put, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { ValidationFailedException } from '../../common/validation';
import { PageQueryDto } from '../../common/page-query.dto';
import { CurrentUser, Verified } from '../auth';
import { RateLimiterService } from '../security';
import type { User } from '../users';
import { AttributionService } from './attribution.service';
import { CommissionsService } from './commissions.service';
import { DocumentsService, UPLOAD_LIMITS } from './documents.service';
import { AcceptGuidelinesDto, ApplyDto, CreateLinkDto, PayoutSettingsDto, TaxFormDto } from './dto/affiliates.dto';
import { PayoutsService } from './payouts/payouts.service';
import { ProgrammeService } from './programme.service';

/** The affiliate's own JSON API (`/api/affiliate/...`): application, links, commissions, balance, documents. */
@Controller('api/affiliate')
export class AffiliatesController {
  constructor(
    private readonly programme: ProgrammeService,
    private readonly attribution: AttributionService,
    private readonly commissions: CommissionsService,
    private readonly payouts: PayoutsService,
    private readonly documents: DocumentsService,
    private readonly limiter: RateLimiterService,
  ) {}

  @Get('me')
  async me(@CurrentUser() user: User) {
    return { affiliate: await this.programme.mine(user), guidelines: await this.programme.guidelines() };
  }

  @Post('applications')
  @Verified()
  async apply(@CurrentUser() user: User, @Body() dto: ApplyDto, @Req() req: Request) {
    await this.limiter.hit(`affiliate-apply:${user.id}`, 5, 3600);
    await this.limiter.hit(`affiliate-apply-ip:${req.ip}`, 20, 3600);
    return { affiliate: await this.programme.apply(user, dto) };
  }

  @Post('guidelines/accept')
  @HttpCode(200)
  async accept(@CurrentUser() user: User, @Body() dto: AcceptGuidelinesDto) {
    return { affiliate: await this.programme.acceptGuidelines(user, dto.version) };
  }

  @Put('payout-settings')
  async payoutSettings(@CurrentUser() user: User, @Body() dto: PayoutSettingsDto) {
    return { affiliate: await this.programme.updatePayoutSettings(user, dto) };
  }

  @Get('links')
  async links(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    const { page, perPage } = query.window(20);
    return this.attribution.links(await this.programme.requireApproved(user), page, perPage);
  }

  @Post('links')
  async createLink(@CurrentUser() user: User, @Body() dto: CreateLinkDto) {
    await this.limiter.hit(`affiliate-links:${user.id}`, 60, 3600);
    return {
      link: await this.attribution.createLink(
        await this.programme.requireApproved(user),
        dto.destination,
        dto.campaign ?? null,
      ),
    };
  }

  @Get('commissions')
  async commissionList(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    const { page, perPage } = query.window(20);
    return this.commissions.list(await this.programme.requireApproved(user), page, perPage);
  }

  @Get('referrals')
  async referrals(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    const { page, perPage } = query.window(20);
    return this.attribution.referrals(await this.programme.requireApproved(user), page, perPage);
  }

  @Get('balance')
  async balance(@CurrentUser() user: User) {
    return { balance: await this.payouts.balance(await this.programme.requireApproved(user)) };
  }

  @Get('payouts')
  async payoutHistory(@CurrentUser() user: User, @Query() query: PageQueryDto) {
    const { page, perPage } = query.window(20);
    const affiliate = await this.programme.requireApproved(user);
    return this.payouts.payoutsOf('affiliate_id', affiliate.id, page, perPage);
  }

  @Get('recruits')
  async recruits(@CurrentUser() user: User) {
    return { data: await this.programme.recruits(await this.programme.requireApproved(user)) };
  }

  @Get('tax-forms')
  async taxForms(@CurrentUser() user: User) {
    return { data: await this.documents.taxForms(await this.programme.requireApproved(user)) };
  }

  @Post('tax-forms')
  @UseInterceptors(FileInterceptor('file', UPLOAD_LIMITS))
  async uploadTaxForm(@CurrentUser() user: User, @Body() dto: TaxFormDto, @UploadedFile() file?: { buffer: Buffer }) {
    if (!file) throw ValidationFailedException.of('file', 'Choose the signed form (PDF, JPEG or PNG).');
    await this.limiter.hit(`affiliate-tax:${user.id}`, 10, 3600);
    return {
      tax_form: await this.documents.uploadTaxForm(await this.programme.requireApproved(user), dto.kind, file.buffer),
    };
  }
}
