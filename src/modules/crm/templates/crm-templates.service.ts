import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomBytes, randomUUID } from 'node:crypto';
import { Clock } from '../../../common/clock';
import { pageOf } from '../../../common/pagination';
import { ValidationFailedException } from '../../../common/validation';
import { APP_CONFIG, type AppConfig } from '../../../config/app-config';
import type {
  RenderedTemplate,
  SendReport,
  TemplateJson,
  TemplateKind,
  TemplatesProps,
  UnsubscribeProps,
} from '../../../contracts/crm-marketing';
import { PropertiesService } from '../../properties';
import type { User } from '../../users';
import { CrmAccessService, type Book } from '../crm-access.service';
import { CrmMailOutboxService } from './crm-mail-outbox.service';
import { CONTACT_STAGES } from '../crm.constants';
import { CrmRepository } from '../crm.repository';
import type { PreviewDto, SendDto, TemplateDto } from '../dto/templates.dto';
import type { CrmTemplate } from '../entities/campaign.entity';
import { MERGE_FIELDS, renderTemplate, type MergeValues } from './merge-fields';
import { CrmTemplatesRepository } from './templates.repository';
import type { CrmCaller } from '../current-book';

const MAX_RECIPIENTS = 500;
const SAMPLE: MergeValues = { first_name: 'Alex', name: 'Alex Rivera', email: 'alex@example.com' };

const toTemplateJson = (t: CrmTemplate): TemplateJson => ({
  id: t.id,
  kind: t.kind,
  name: t.name,
  subject: t.subject,
  body: t.body,
  updated_at: t.updatedAt.toISOString(),
});

/**
 * Templates with merge fields (emails, listing flyers, social posts) and tracked marketing email. Every send skips
 * the addresses on the global suppression list (counted in the report) and carries a one-click `List-Unsubscribe`;
 * a GET of the link only shows a confirmation, the POST suppresses the address.
 */
@Injectable()
export class CrmTemplatesService {
  constructor(
    private readonly repo: CrmTemplatesRepository,
    private readonly crm: CrmRepository,
    private readonly access: CrmAccessService,
    private readonly properties: PropertiesService,
    private readonly outbox: CrmMailOutboxService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async page(caller: CrmCaller, kind: TemplatesProps['kind'], page: number, perPage: number): Promise<TemplatesProps> {
    const book = caller.book;
    const kinds: TemplateKind[] = kind === 'email' ? ['email'] : ['flyer', 'social'];
    const [templates, [sends, total]] = await Promise.all([
      this.repo.templates(book.teamId, kinds),
      kind === 'email'
        ? this.repo.sends(book.teamId, (page - 1) * perPage, perPage)
        : Promise.resolve([[], 0] as const),
    ]);
    const names = new Map(
      (await this.crm.contactNames([...new Set(sends.map((s) => s.contactId))])).map((c) => [c.id, c.name]),
    );
    return {
      kind,
      templates: templates.map(toTemplateJson),
      merge_fields: MERGE_FIELDS.map((f) => ({ ...f })),
      sends: pageOf(
        sends.map((s) => ({
          id: s.id,
          template_name: s.templateName,
          contact: { id: s.contactId, name: names.get(s.contactId) ?? '' },
          email: s.email,
          sent_at: s.sentAt.toISOString(),
          state: s.state,
          delivered_at: s.deliveredAt?.toISOString() ?? null,
          opened_at: s.openedAt?.toISOString() ?? null,
          clicks: s.clicks,
          first_clicked_at: s.firstClickedAt?.toISOString() ?? null,
          soft_bounces: s.softBounces,
          failure: s.failure,
        })),
        page,
        perPage,
        total,
      ),
      stages: CONTACT_STAGES,
    };
  }

  async create(caller: CrmCaller, dto: TemplateDto): Promise<TemplateJson> {
    const book = caller.book;
    const now = this.clock.now();
    const saved = await this.repo.saveTemplate({
      teamId: book.teamId,
      kind: dto.kind,
      name: dto.name,
      subject: dto.subject ?? '',
      body: dto.body,
      createdBy: caller.user.id,
      createdAt: now,
      updatedAt: now,
    });
    return toTemplateJson(saved);
  }

  async update(user: User, id: string, dto: TemplateDto): Promise<TemplateJson> {
    const { template } = await this.template(user, id);
    const saved = await this.repo.saveTemplate({
      ...template,
      kind: dto.kind,
      name: dto.name,
      subject: dto.subject ?? '',
      body: dto.body,
      updatedAt: this.clock.now(),
    });
    return toTemplateJson(saved);
  }

  async remove(user: User, id: string): Promise<void> {
    await this.template(user, id);
    await this.repo.deleteTemplate(id);
  }

  /** The live preview: filled from a contact the user may see and/or a property they may edit, else samples. */
  async preview(caller: CrmCaller, dto: PreviewDto): Promise<RenderedTemplate> {
    const user = caller.user;
    const book = caller.book;
    const values: MergeValues = { ...SAMPLE, agent_name: user.name, team_name: book.teamName };
    if (dto.contact_id) {
      const { contact } = await this.access.contact(user, dto.contact_id);
      Object.assign(values, { name: contact.name, first_name: contact.name.split(' ')[0], email: contact.email ?? '' });
    }
    if (dto.property_slug) Object.assign(values, await this.propertyValues(user, dto.property_slug));
    return renderTemplate({ subject: dto.subject ?? '', body: dto.body }, values);
  }

  /**
   * Sends an email template to chosen contacts or a segment of the book (an agent reaches only their own contacts).
   * Suppressed addresses are skipped and counted; each mail is tracked (open pixel) and carries a one-click
   * unsubscribe. The recipient rows are the outbox: they commit `queued` with the timeline entries, and the outbox
   * job delivers them (CrmMailOutboxService).
   */
  async send(user: User, id: string, dto: SendDto): Promise<SendReport> {
    const { template, book } = await this.template(user, id);
    if (template.kind !== 'email') throw ValidationFailedException.of('template', 'Only email templates are sent.');
    if (!dto.contact_ids?.length && !dto.stage && !dto.tag) {
      throw ValidationFailedException.of('contact_ids', 'Choose contacts, a stage or a tag.');
    }
    const people = await this.repo.recipients(
      book.teamId,
      { ids: dto.contact_ids, stage: dto.stage, tag: dto.tag, agentId: book.manager ? undefined : user.id },
      MAX_RECIPIENTS,
    );
    return this.sendTo(user, template, book, people);
  }

  /** The send itself, to recipients the caller may mail (segment or one contact). */
  private async sendTo(
    user: User,
    template: CrmTemplate,
    book: Book,
    people: Array<{ id: string; name: string; email: string | null }>,
  ): Promise<SendReport> {
    const withEmail = people.filter((p) => p.email);
    const suppressed = await this.repo.suppressed(withEmail.map((p) => p.email!));
    const now = this.clock.now();
    const batch = { batchId: randomUUID() };
    const base = { agent_name: user.name, team_name: book.teamName };
    const mails = withEmail
      .filter((p) => !suppressed.has(p.email!))
      .map((person) => {
        const id = randomUUID();
        const token = randomBytes(24).toString('base64url');
        const values = { ...base, name: person.name, first_name: person.name.split(' ')[0], email: person.email! };
        return { person, row: { id, token, ...this.outbox.compose(id, token, renderTemplate(template, values)) } };
      });
    if (mails.length) await this.outbox.guard(batch);
    await this.crm.transaction(async (tx) => {
      await this.repo.insertSends(
        tx.manager,
        mails.map(({ person, row }) => ({
          ...row,
          batchId: batch.batchId,
          teamId: book.teamId,
          templateId: template.id,
          templateName: template.name,
          contactId: person.id,
          email: person.email!,
          sentBy: user.id,
          sentAt: now,
        })),
      );
      for (const { person } of mails) {
        await tx.addActivity({
          teamId: book.teamId,
          contactId: person.id,
          kind: 'email',
          source: null,
          body: template.subject || template.name,
          data: { template_id: template.id },
          actorId: user.id,
          createdAt: now,
        });
      }
    });
    if (mails.length) await this.outbox.dispatch(batch);
    return {
      sent: mails.length,
      suppressed: withEmail.length - mails.length,
      skipped: people.length - withEmail.length,
    };
  }

  /**
   * One template to one contact (Contacts/Show): the same send as a segment's, so the suppression list and the
   * per-recipient tracking apply. The contact must be one the user may see and the template of the same book.
   */
  async sendToContact(user: User, contactId: string, templateId: string): Promise<SendReport> {
    const { contact, book } = await this.access.contact(user, contactId);
    const template = await this.repo.findTemplate(templateId);
    if (!template || template.teamId !== contact.teamId || template.kind !== 'email') {
      throw ValidationFailedException.of('template_id', "Choose one of this book's email templates.");
    }
    if (!contact.email) throw ValidationFailedException.of('template_id', 'This contact has no email address.');
    if (contact.mergedIntoId)
      throw ValidationFailedException.of('template_id', 'This contact was merged into another.');
    return this.sendTo(user, template, book, [contact]);
  }

  /** The email templates of a contact's book (the picker on Contacts/Show). */
  async emailTemplatesFor(user: User, contactId: string): Promise<TemplateJson[]> {
    const { contact } = await this.access.contact(user, contactId);
    return (await this.repo.templates(contact.teamId, ['email'])).map(toTemplateJson);
  }

  /** The confirmation page of an unsubscribe link (a GET changes nothing: link scanners follow GETs). */
  async unsubscribePage(token: string, done = false): Promise<UnsubscribeProps> {
    const send = await this.sendOf(token);
    return { token, email: maskEmail(send.email), done };
  }

  /** One-click unsubscribe (RFC 8058) and the confirmation page's button: the address joins the suppression list. */
  async unsubscribe(token: string): Promise<UnsubscribeProps> {
    const send = await this.sendOf(token);
    await this.repo.suppress(send.email, 'unsubscribe', this.clock.now());
    return this.unsubscribePage(token, true);
  }

  /** Bounces and complaints from a mail provider feed the same list. */
  async suppress(email: string, reason: 'bounce' | 'complaint'): Promise<void> {
    await this.repo.suppress(email.trim().toLowerCase(), reason, this.clock.now());
  }

  async opened(token: string): Promise<void> {
    await this.repo.markOpened(token, this.clock.now());
  }

  private async sendOf(token: string) {
    const send = /^[A-Za-z0-9_-]{20,64}$/.test(token) ? await this.repo.findSend(token) : null;
    if (!send) throw new NotFoundException('This unsubscribe link is not valid.');
    return send;
  }

  private async propertyValues(user: User, slug: string): Promise<MergeValues> {
    const p = await this.properties.getEditable(slug, user);
    const price = p.price === null ? '' : `${Number(p.price).toLocaleString('en-US')} ${p.currency}`;
    return {
      property_address: p.fullAddress ?? p.name,
      property_price: price,
      property_url: `${this.config.appUrl}/properties/${p.slug}`,
    };
  }

  /** A template of one of the user's books (404 unknown, 403 another book's). */
  async template(user: User, id: string): Promise<{ template: CrmTemplate; book: Book }> {
    const template = await this.repo.findTemplate(id);
    if (!template) throw new NotFoundException('There is no such template.');
    return { template, book: await this.access.bookOf(user, template.teamId) };
  }
}

function maskEmail(email: string): string {
  const [local, domain] = email.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}
