import { Body, Controller, Get, Headers, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { UuidPipe } from '../../../common/uuid.pipe';
import type { IntakeBatchResult, IntakeResult, LeadJson, MyLeadsProps, RoutingRuleJson } from '../../../contracts/crm';
import { clientIp, CurrentUser, Public } from '../../auth';
import type { User } from '../../users';
import { CrmLeadsService } from './crm-leads.service';
import { CrmRoutingService } from './crm-routing.service';
import { CONSENT_TEXTS, CURRENT_CONSENT_VERSION } from '../crm.constants';
import {
  ExternalLeadBatchDto,
  ExternalLeadDto,
  InquiryDto,
  LeadsPageDto,
  PausedDto,
  RoutingRulesDto,
  SettingsDto,
} from '../dto/crm.dto';
import { InBook, type CrmCaller } from '../current-book';

/** Leads JSON API: the agent's queue, claim, contacted, routing rules, settings, and the ways leads come in. */
@Controller()
export class CrmLeadsController {
  constructor(
    private readonly leads: CrmLeadsService,
    private readonly routing: CrmRoutingService,
  ) {}

  @Get('api/crm/leads')
  mine(@InBook() caller: CrmCaller, @Query() q: LeadsPageDto): Promise<MyLeadsProps> {
    const { page, perPage, offset } = q.window(25);
    return this.leads.myLeads(caller, page, perPage, offset);
  }

  /** First to claim: of simultaneous claims exactly one wins; the others get 409. */
  @Post('api/crm/leads/:id/claim')
  @HttpCode(200)
  async claim(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<{ lead: LeadJson }> {
    const lead = await this.routing.claim(user, id);
    return { lead: (await this.leads.toJson([lead]))[0] };
  }

  @Post('api/crm/leads/:id/contacted')
  @HttpCode(200)
  async contacted(@Param('id', UuidPipe) id: string, @CurrentUser() user: User): Promise<{ lead: LeadJson }> {
    return { lead: await this.leads.markContacted(user, id) };
  }

  @Get('api/crm/routing-rules')
  async rules(@InBook() caller: CrmCaller): Promise<{ rules: RoutingRuleJson[] }> {
    return { rules: await this.leads.rules(caller) };
  }

  @Put('api/crm/routing-rules')
  async saveRules(@InBook() caller: CrmCaller, @Body() body: RoutingRulesDto): Promise<{ rules: RoutingRuleJson[] }> {
    return { rules: await this.leads.saveRules(caller, body) };
  }

  @Get('api/crm/settings')
  settings(@InBook() caller: CrmCaller) {
    return this.leads.settings(caller);
  }

  @Put('api/crm/settings')
  saveSettings(@InBook() caller: CrmCaller, @Body() body: SettingsDto) {
    return this.leads.saveSettings(caller, body);
  }

  /** The signed-in agent pauses (no new leads) or resumes in their current team. */
  @Put('api/crm/me/paused')
  paused(@InBook() caller: CrmCaller, @Body() body: PausedDto) {
    return this.leads.setPaused(caller, body.paused);
  }

  /** The book's intake URL and HMAC secret for a website or another outside source. */
  @Get('api/crm/intake-credentials')
  credentials(@InBook() caller: CrmCaller) {
    return this.leads.intakeCredentials(caller);
  }

  /** The consent text forms show now, and its version (stored with each submission). */
  @Get('api/crm/consent')
  @Public()
  consent(): { version: string; text: string } {
    return { version: CURRENT_CONSENT_VERSION, text: CONSENT_TEXTS[CURRENT_CONSENT_VERSION] };
  }

  /** "Contact the agent" on a public listing. */
  @Post('api/crm/properties/:id/inquiries')
  @Public()
  @HttpCode(201)
  async inquiry(
    @Param('id', UuidPipe) id: string,
    @Body() body: InquiryDto,
    @Req() req: Request,
  ): Promise<{ message: string }> {
    await this.leads.inquiry(id, body, clientIp(req), req.user as User | undefined);
    return { message: 'Thanks! The agent will be in touch soon.' };
  }

  /** Signed intake for outside sources: `X-Reelty-Signature: t=<unix>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
  @Post('webhooks/crm/:teamId')
  @Public()
  @HttpCode(200)
  external(
    @Param('teamId', UuidPipe) teamId: string,
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('x-reelty-signature') signature: string | undefined,
    @Body() body: ExternalLeadDto,
  ): Promise<IntakeResult> {
    return this.leads.external(teamId, req.rawBody, signature, body);
  }

  /**
   * Signed batch intake: `{ leads: [...] }` (1 to 100 leads of the single endpoint's shape) under one signature of
   * the whole body; one result per lead, in order, each lead taken by the same rules as alone.
   */
  @Post('webhooks/crm/batch/:teamId')
  @Public()
  @HttpCode(200)
  externalBatch(
    @Param('teamId', UuidPipe) teamId: string,
    @Req() req: Request & { rawBody?: Buffer },
    @Headers('x-reelty-signature') signature: string | undefined,
    @Body() body: ExternalLeadBatchDto,
  ): Promise<IntakeBatchResult> {
    return this.leads.externalBatch(teamId, req.rawBody, signature, body);
  }
}
