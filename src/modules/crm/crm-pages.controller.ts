import { Controller, Get, Param, Query } from '@nestjs/common';
import { UuidPipe } from '../../common/uuid.pipe';
import { CurrentUser } from '../auth';
import { Inertia } from '../inertia';
import type { User } from '../users';
import { CrmContactsService } from './contacts/crm-contacts.service';
import { CrmLeadsService } from './leads/crm-leads.service';
import { CrmTemplatesService } from './templates/crm-templates.service';
import { ContactsQueryDto, LeadsPageDto } from './dto/crm.dto';
import { InBook, type CrmCaller } from './current-book';

/** The CRM's pages: the contacts list, one contact, and the agent's live lead queue. */
@Controller()
export class CrmPagesController {
  constructor(
    private readonly contacts: CrmContactsService,
    private readonly leads: CrmLeadsService,
    private readonly templates: CrmTemplatesService,
  ) {}

  @Get('contacts')
  async index(@InBook() caller: CrmCaller, @Query() q: ContactsQueryDto) {
    return Inertia.render('Contacts/Index', { ...(await this.contacts.index(caller, q)) });
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
  async routing(@InBook() caller: CrmCaller) {
    return Inertia.render('Leads/Routing', { ...(await this.leads.routingPage(caller)) });
  }

  @Get('leads')
  async myLeads(@InBook() caller: CrmCaller, @Query() q: LeadsPageDto) {
    const { page, perPage, offset } = q.window(25);
    return Inertia.render('Leads/MyLeads', { ...(await this.leads.myLeads(caller, page, perPage, offset)) });
  }
}
