import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Response } from 'express';
import { PageQueryDto } from '../../common/page-query.dto';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser, Roles } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { DocumentsService, UPLOAD_LIMITS } from './documents.service';
import {
  AffiliatesQueryDto,
  GuidelinesDto,
  MaterialDto,
  MinimumPayoutDto,
  ReasonDto,
  ReviewTaxFormDto,
} from './dto/affiliates.dto';
import { CommissionsService } from './commissions.service';
import { FlagsService } from './flags.service';
import { PAYOUT_CHANNEL, PayoutsService } from './payouts/payouts.service';
import { ProgrammeService } from './programme.service';

/** Admin Affiliates and Admin Payouts: the applications queue, guidelines, materials, tax forms, flags, batches. */
@Controller()
@Roles('admin')
export class AffiliatesAdminController {
  constructor(
    private readonly programme: ProgrammeService,
    private readonly payouts: PayoutsService,
    private readonly documents: DocumentsService,
    private readonly flags: FlagsService,
    private readonly commissions: CommissionsService,
  ) {}

  @Get('admin/affiliates')
  async page(@Query() query: AffiliatesQueryDto) {
    const { page, perPage, offset } = query.window(20);
    const { data, total } = await this.programme.list(query.status ?? null, query.search ?? null, offset, perPage);
    return Inertia.render('Admin/Affiliates/Index', {
      filters: { status: query.status ?? null, search: query.search ?? '' },
      affiliates: {
        data,
        current_page: page,
        per_page: perPage,
        total,
        last_page: Math.max(1, Math.ceil(total / perPage)),
      },
      guidelines: await this.programme.guidelines(),
      materials: await this.documents.materials(),
      tax_forms: await this.documents.taxFormsToReview(),
      flags: await this.flags.open(),
      crypto_payouts: await this.payouts.payoutsOf('method', 'crypto', 1, 20),
    });
  }

  /** One affiliate: commissions (pending ones can be released early), the minimum payout, the audit trail. */
  @Get('admin/affiliates/:id')
  async show(@Param('id', UuidPipe) id: string, @Query() query: PageQueryDto) {
    const row = await this.programme.requireRow(id);
    const { page, perPage } = query.window(20);
    return Inertia.render('Admin/Affiliates/Show', {
      affiliate: await this.programme.toJson(row),
      default_minimum_minor: this.programme.defaultMinimum,
      custom_minimum: row.minimum_payout_minor !== null,
      commissions: await this.commissions.list(row, page, perPage),
      history: await this.programme.auditTrail(id),
    });
  }

  /** Ends a commission's refund window now, with a reason (refused while the order may still be refunded). */
  @Post('api/admin/affiliates/commissions/:id/release')
  @HttpCode(200)
  async release(@Param('id', UuidPipe) id: string, @Body() dto: ReasonDto, @CurrentUser() admin: User) {
    return { commission: await this.commissions.releaseEarly(admin, id, dto.reason) };
  }

  @Get('api/admin/affiliates')
  async list(@Query() query: AffiliatesQueryDto) {
    const { page, perPage, offset } = query.window(20);
    const { data, total } = await this.programme.list(query.status ?? null, query.search ?? null, offset, perPage);
    return { data, current_page: page, per_page: perPage, total, last_page: Math.max(1, Math.ceil(total / perPage)) };
  }

  @Post('api/admin/affiliates/:id/approve')
  @HttpCode(200)
  async approve(@Param('id', UuidPipe) id: string, @CurrentUser() admin: User) {
    return { affiliate: await this.programme.decide(admin, id, 'approve', null) };
  }

  @Post('api/admin/affiliates/:id/reject')
  @HttpCode(200)
  async reject(@Param('id', UuidPipe) id: string, @Body() dto: ReasonDto, @CurrentUser() admin: User) {
    return { affiliate: await this.programme.decide(admin, id, 'reject', dto.reason) };
  }

  @Post('api/admin/affiliates/:id/ban')
  @HttpCode(200)
  async ban(@Param('id', UuidPipe) id: string, @Body() dto: ReasonDto, @CurrentUser() admin: User) {
    return { affiliate: await this.programme.ban(admin, id, dto.reason) };
  }

  @Post('api/admin/affiliates/:id/unban')
  @HttpCode(200)
  async unban(@Param('id', UuidPipe) id: string, @CurrentUser() admin: User) {
    return { affiliate: await this.programme.unban(admin, id) };
  }

  @Put('api/admin/affiliates/:id/minimum')
  async minimum(@Param('id', UuidPipe) id: string, @Body() dto: MinimumPayoutDto, @CurrentUser() admin: User) {
    return { affiliate: await this.programme.setMinimum(admin, id, dto.minimum_payout_minor ?? null) };
  }

  @Post('api/admin/affiliates/:id/tax-link')
  @HttpCode(200)
  async taxLink(@Param('id', UuidPipe) id: string) {
    return { sent: true, path: await this.documents.sendUploadLink(await this.programme.requireRow(id)) };
  }

  @Post('api/admin/affiliates/guidelines')
  async guidelines(@Body() dto: GuidelinesDto, @CurrentUser() admin: User) {
    return { guidelines: await this.programme.publishGuidelines(admin, dto.body) };
  }

  @Post('api/admin/affiliates/materials')
  @UseInterceptors(FileInterceptor('image', UPLOAD_LIMITS))
  async material(@Body() dto: MaterialDto, @UploadedFile() image?: { buffer: Buffer }) {
    return { material: await this.documents.addMaterial(dto.title, dto.body ?? null, image?.buffer ?? null) };
  }

  @Post('api/admin/affiliates/tax-forms/:id/review')
  @HttpCode(200)
  async review(@Param('id', UuidPipe) id: string, @Body() dto: ReviewTaxFormDto, @CurrentUser() admin: User) {
    return { tax_form: await this.documents.review(admin, id, dto.status, dto.note ?? null) };
  }

  @Post('api/admin/affiliates/flags/:id/dismiss')
  @HttpCode(200)
  async dismiss(@Param('id', UuidPipe) id: string) {
    return { dismissed: await this.flags.dismiss(id) };
  }

  @Get('admin/payouts')
  async payoutsPage() {
    return Inertia.render('Admin/Payouts/Index', {
      batches: await this.payouts.batches(1, 20),
      channel: PAYOUT_CHANNEL,
    });
  }

  @Get('api/admin/payouts/batches')
  batches(@Query() query: PageQueryDto) {
    const { page, perPage } = query.window(20);
    return this.payouts.batches(page, perPage);
  }

  @Post('api/admin/payouts/batches')
  async preview(@CurrentUser() admin: User) {
    return { preview: await this.payouts.preview(admin) };
  }

  @Post('api/admin/payouts/batches/:id/confirm')
  @HttpCode(200)
  async confirm(@Param('id', UuidPipe) id: string, @CurrentUser() admin: User) {
    return { batch: await this.payouts.confirm(admin, id) };
  }

  @Get('api/admin/payouts/batches/:id/payouts')
  batchPayouts(@Param('id', UuidPipe) id: string, @Query() query: PageQueryDto) {
    const { page, perPage } = query.window(50);
    return this.payouts.payoutsOf('batch_id', id, page, perPage);
  }

  /** The bank paid the batch's exported transfers: each becomes paid (ledger and commissions with it). */
  @Post('api/admin/payouts/batches/:id/bank-received')
  @HttpCode(200)
  async bankReceived(@Param('id', UuidPipe) id: string) {
    return { batch: await this.payouts.settleBankTransfers(id, { received: true }) };
  }

  /** The bank sent one exported transfer back: the money is the affiliate's again, and the transfer can be retried. */
  @Post('api/admin/payouts/:id/bank-returned')
  @HttpCode(200)
  async bankReturned(@Param('id', UuidPipe) id: string, @Body() dto: ReasonDto) {
    return { batch: await this.payouts.bankReturned(id, dto.reason) };
  }

  @Post('api/admin/payouts/:id/retry')
  @HttpCode(200)
  async retry(@Param('id', UuidPipe) id: string) {
    const payout = await this.payouts.retry(id);
    const message =
      payout.status === 'sent'
        ? 'Transfer sent'
        : payout.status === 'awaiting_bank'
          ? 'Back in the bank file: confirm once the bank pays it'
          : `The transfer failed again: ${payout.failure_reason}`;
    return { message, payout };
  }

  @Get('admin/payouts/batches/:id/export.csv')
  async export(@Param('id', UuidPipe) id: string, @Res() res: Response) {
    const csv = await this.payouts.exportCsv(id);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="payouts-${id.slice(0, 8)}.csv"`);
    res.send(csv);
  }
}
