import { Controller, Get, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { CrmContactsService } from './crm-contacts.service';
import { CrmLeadsService } from './crm-leads.service';
import { CrmTemplatesService } from './crm-templates.service';
import { ContactsQueryDto, LeadsPageDto } from './dto/crm.dto';

/** The CRM's pages: the contacts list, one contact, and the agent's live lead queue. */
@Controller()
export class CrmPagesController {
  constructor(
    private readonly contacts: CrmContactsService,
    private readonly leads: CrmLeadsService,
    private readonly templates: CrmTemplatesService,
  ) {}

  @Get('contacts')
  async index(@Req() req: Request, @Query() q: ContactsQueryDto) {
    return Inertia.render('Contacts/Index', { ...(await this.contacts.index(req, q)) });
  }

  @Get('contacts/:id')
  async show(@Param('id', UuidPipe) id: string, @CurrentUser() user: User) {
    const props = await this.contacts.show(user, id);
    return Inertia.render('Contacts/Show', {
      ...props,
      email_templates: await this.templates.emailTemplatesFor(user, id),
    });
  }

  /** Ordered routing rules of the current book (owners and admins), edited through PUT /api/crm/routing-rules. */
  @Get('leads/routing')
  async routing(@Req() req: Request) {
    return Inertia.render('Leads/Routing', { ...(await this.leads.routingPage(req)) });
  }

  @Get('leads')
  async myLeads(@Req() req: Request, @Query() q: LeadsPageDto) {
    const { page, perPage, offset } = q.window(25);
    return Inertia.render('Leads/MyLeads', { ...(await this.leads.myLeads(req, page, perPage, offset)) });
  }
}
