import { Injectable } from '@nestjs/common';
import type { DomainEventEnvelope } from '../../../contracts/events';
import { PropertiesService } from '../../properties';
import { UsersService } from '../../users';
import { CrmIntakeService } from './crm-intake.service';
import { CrmLeadsService } from './crm-leads.service';
import { CrmCampaignsRepository } from '../campaigns/campaigns.repository';
import { CrmRepository } from '../crm.repository';

const REALTOR_TYPES = new Set(['realtor', 'team_member']);

/**
 * Leads from other areas' events, each through the one intake (a repeated event is the same lead: the source
 * reference is the registration, chat, tour or follower). Chats and follows share the person's account and name, never
 * their email; follows become leads only in books that opted in.
 */
@Injectable()
export class CrmSourcesService {
  constructor(
    private readonly intake: CrmIntakeService,
    private readonly leads: CrmLeadsService,
    private readonly properties: PropertiesService,
    private readonly users: UsersService,
    private readonly repo: CrmRepository,
    private readonly campaigns: CrmCampaignsRepository,
  ) {}

  async onOpenHouseRegistered({ payload: p }: DomainEventEnvelope<'open_house.registered'>): Promise<void> {
    const property = await this.properties.findById(p.property_id);
    if (!property) return;
    const book = await this.leads.propertyLead(property);
    await this.intake.intake({
      ...book,
      campaignId: await this.campaigns.campaignForOpenHouse(book.teamId, p.open_house_id),
      details: { open_house_id: p.open_house_id },
      source: 'open_house',
      sourceRef: `rsvp:${p.rsvp_id}`,
      name: p.name,
      email: p.email,
      userId: p.user_id,
      message: `Registered for the open house at ${property.fullAddress ?? property.name}`,
    });
  }

  /** A chat someone started; one another area opened for them (`origin`, e.g. a tour) is that area's lead already. */
  async onChatRequested({ payload: p }: DomainEventEnvelope<'chat.requested'>): Promise<void> {
    if (p.origin) return;
    const [realtor, from] = await Promise.all([this.users.findById(p.to_user_id), this.users.findById(p.from_user_id)]);
    if (!realtor || !from || !REALTOR_TYPES.has(realtor.type)) return;
    const teamId = await this.leads.realtorBook(realtor.id);
    if (!teamId) return;
    await this.intake.intake({
      teamId,
      source: 'chat_request',
      sourceRef: `chat:${p.chat_id}`,
      name: from.name,
      userId: from.id,
      message: `${from.name} asked to chat with ${realtor.name}`,
    });
  }

  /** A tour request: a lead of the listing's book, the buyer known by their account (one contact however often). */
  async onTourRequested({ payload: p }: DomainEventEnvelope<'tour.requested'>): Promise<void> {
    const [property, buyer] = await Promise.all([
      this.properties.findById(p.property_id),
      this.users.findById(p.buyer_id),
    ]);
    if (!property || !buyer) return;
    const kind = p.mode === 'video' ? 'a video tour' : 'an in-person tour';
    await this.intake.intake({
      ...(await this.leads.propertyLead(property)),
      details: { tour_id: p.tour_id, mode: p.mode, offered_times: p.offered_times },
      source: 'tour',
      sourceRef: `tour:${p.tour_id}`,
      name: buyer.name,
      userId: buyer.id,
      message: `${buyer.name} asked for ${kind} of ${property.fullAddress ?? property.name}`,
    });
  }

  async onFollowed({ payload: p }: DomainEventEnvelope<'user.followed'>): Promise<void> {
    const [realtor, follower] = await Promise.all([
      this.users.findById(p.followee_id),
      this.users.findById(p.follower_id),
    ]);
    if (!realtor || !follower || !REALTOR_TYPES.has(realtor.type)) return;
    const teamId = await this.leads.realtorBook(realtor.id);
    if (!teamId || !(await this.repo.settings(teamId)).followsAsLeads) return;
    await this.intake.intake({
      teamId,
      source: 'follow',
      sourceRef: `follow:${follower.id}:${realtor.id}`,
      name: follower.name,
      userId: follower.id,
      message: `${follower.name} followed ${realtor.name}`,
    });
  }
}
