import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { CampaignArea, CodeKind, TemplateKind } from '../../../contracts/crm-marketing';

@Entity('crm_campaigns')
export class CrmCampaign {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column() name!: string;
  @Column({ default: '' }) headline!: string;
  /** The public form's address (`/c/<slug>`): random, so campaigns cannot be listed by guessing. */
  @Column() slug!: string;
  @Column({ type: 'jsonb', nullable: true }) area!: CampaignArea | null;
  @Column({ type: 'uuid', array: true, default: () => `'{}'` }) openHouseIds!: string[];
  @Column({ type: 'uuid', nullable: true }) createdBy!: string | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_campaign_codes')
export class CrmCampaignCode {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') campaignId!: string;
  @Column('uuid') teamId!: string;
  @Column() code!: string;
  @Column({ type: 'varchar' }) kind!: CodeKind;
  @Column('integer') credits!: number;
  /** The recipient or print run the code was made for. */
  @Column({ default: '' }) label!: string;
  /** Who paid for a credits code's credits when it was made. */
  @Column({ type: 'uuid', nullable: true }) fundedBy!: string | null;
  @Column({ type: 'timestamptz' }) expiresAt!: Date;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_gifts')
export class CrmGift {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column({ type: 'uuid', nullable: true }) campaignId!: string | null;
  @Column('uuid') contactId!: string;
  @Column() description!: string;
  @Column('integer') costMinor!: number;
  @Column() currency!: string;
  @Column({ type: 'timestamptz' }) sentAt!: Date;
  @Column({ type: 'uuid', nullable: true }) createdBy!: string | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_templates')
export class CrmTemplate {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column({ type: 'varchar' }) kind!: TemplateKind;
  @Column() name!: string;
  @Column({ default: '' }) subject!: string;
  @Column('text') body!: string;
  @Column({ type: 'uuid', nullable: true }) createdBy!: string | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz' }) updatedAt!: Date;
}

@Entity('crm_email_sends')
export class CrmEmailSend {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column({ type: 'uuid', nullable: true }) templateId!: string | null;
  @Column() templateName!: string;
  @Column('uuid') contactId!: string;
  @Column() email!: string;
  /** In the unsubscribe link and the open pixel: unguessable, one per recipient. */
  @Column() token!: string;
  @Column({ type: 'uuid', nullable: true }) sentBy!: string | null;
  @Column({ type: 'timestamptz' }) sentAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) openedAt!: Date | null;
  /** The outbox: rows commit `queued` with their rendered mail; the outbox job delivers them and marks `sent`. */
  @Column({ type: 'uuid', nullable: true }) batchId!: string | null;
  @Column({ type: 'varchar' }) state!: 'queued' | 'sent' | 'cancelled';
  @Column({ type: 'text', nullable: true }) subject!: string | null;
  @Column({ type: 'text', nullable: true }) html!: string | null;
  @Column({ type: 'text', nullable: true }) textBody!: string | null;
  /** Targets of the tracked links, by index (the `/m/c/<token>` redirect names the index). */
  @Column('text', { array: true }) links!: string[];
  @Column({ type: 'timestamptz', nullable: true }) deliveredAt!: Date | null;
  @Column('int') clicks!: number;
  @Column({ type: 'timestamptz', nullable: true }) firstClickedAt!: Date | null;
  @Column('int') softBounces!: number;
  @Column({ type: 'varchar', nullable: true }) failure!: 'bounce' | 'complaint' | null;
  @Column({ type: 'timestamptz', nullable: true }) failedAt!: Date | null;
}

export const CRM_CAMPAIGN_ENTITIES = [CrmCampaign, CrmCampaignCode, CrmGift, CrmTemplate, CrmEmailSend];
