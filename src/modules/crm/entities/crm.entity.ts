import { Column, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';
import type { ActivityKind, ContactStage, LeadSource, LeadStatus, RoutingTarget } from '../../../contracts/crm';

/** bigint columns arrive as strings from pg; prices stay far below 2^53 minor units. */
export const bigintOrNull = {
  to: (v: number | null) => v,
  from: (v: string | null) => (v === null ? null : Number(v)),
};

@Entity('crm_contacts')
export class CrmContact {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column({ type: 'varchar', default: '' }) name!: string;
  @Column({ type: 'varchar', nullable: true }) email!: string | null;
  @Column({ type: 'varchar', nullable: true }) phone!: string | null;
  @Column({ type: 'uuid', nullable: true }) userId!: string | null;
  @Column({ type: 'varchar', default: 'new' }) stage!: ContactStage;
  @Column({ type: 'varchar' }) source!: LeadSource;
  @Column({ type: 'text', array: true, default: () => `'{}'` }) tags!: string[];
  @Column({ type: 'uuid', nullable: true }) agentId!: string | null;
  @Column({ type: 'varchar', nullable: true }) consentVersion!: string | null;
  @Column({ type: 'uuid', nullable: true }) mergedIntoId!: string | null;
  @Column({ type: 'timestamptz' }) lastActivityAt!: Date;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
  @Column({ type: 'timestamptz' }) updatedAt!: Date;
}

@Entity('crm_activities')
export class CrmActivity {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column('uuid') contactId!: string;
  @Column({ type: 'varchar' }) kind!: ActivityKind;
  @Column({ type: 'varchar', nullable: true }) source!: LeadSource | null;
  @Column({ type: 'text', default: '' }) body!: string;
  @Column({ type: 'jsonb', default: () => `'{}'` }) data!: Record<string, unknown>;
  @Column({ type: 'uuid', nullable: true }) actorId!: string | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_leads')
export class CrmLead {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column('uuid') contactId!: string;
  @Column({ type: 'varchar' }) source!: LeadSource;
  @Column({ type: 'varchar' }) sourceRef!: string;
  @Column({ type: 'text', default: '' }) message!: string;
  @Column({ type: 'uuid', nullable: true }) propertyId!: string | null;
  @Column({ type: 'varchar', nullable: true }) zip!: string | null;
  @Column({ type: 'bigint', nullable: true, transformer: bigintOrNull }) priceMinor!: number | null;
  @Column({ type: 'varchar', nullable: true }) propertyType!: string | null;
  @Column({ type: 'varchar', nullable: true }) consentVersion!: string | null;
  @Column({ type: 'varchar' }) status!: LeadStatus;
  @Column({ type: 'uuid', nullable: true }) agentId!: string | null;
  @Column({ type: 'uuid', array: true, default: () => `'{}'` }) candidateIds!: string[];
  @Column({ type: 'uuid', nullable: true }) ruleId!: string | null;
  @Column({ type: 'text' }) routingReason!: string;
  @Column({ type: 'integer', default: 0 }) reassignments!: number;
  @Column({ type: 'timestamptz', nullable: true }) assignedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) contactedAt!: Date | null;
  /** The farm campaign the lead came through (its form, a code, a linked open house). */
  @Column({ type: 'uuid', nullable: true }) campaignId!: string | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_routing_rules')
export class CrmRoutingRule {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column('integer') position!: number;
  @Column() name!: string;
  @Column({ type: 'varchar', nullable: true }) source!: LeadSource | null;
  @Column({ type: 'text', array: true, default: () => `'{}'` }) zips!: string[];
  @Column({ type: 'bigint', nullable: true, transformer: bigintOrNull }) priceMinMinor!: number | null;
  @Column({ type: 'bigint', nullable: true, transformer: bigintOrNull }) priceMaxMinor!: number | null;
  @Column({ type: 'varchar', nullable: true }) propertyType!: string | null;
  @Column({ type: 'varchar' }) target!: RoutingTarget;
  @Column({ type: 'uuid', array: true }) agentIds!: string[];
  @Column({ type: 'integer', default: 0 }) cursor!: number;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_tasks')
export class CrmTask {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column('uuid') contactId!: string;
  @Column() title!: string;
  @Column({ type: 'timestamptz' }) dueAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) doneAt!: Date | null;
  @Column({ type: 'uuid', nullable: true }) createdBy!: string | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_merges')
export class CrmMerge {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') teamId!: string;
  @Column('uuid') survivorId!: string;
  @Column('uuid') mergedId!: string;
  /** Ids of the rows the merge moved from the merged contact to the survivor. */
  @Column({ type: 'jsonb' }) moved!: { activities: string[]; leads: string[]; tasks: string[] };
  /** The survivor's fields before the merge filled its blanks. */
  @Column({ type: 'jsonb' }) survivorBefore!: Record<string, unknown>;
  @Column({ type: 'uuid', nullable: true }) actorId!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) undoneAt!: Date | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('crm_settings')
export class CrmSettings {
  @PrimaryColumn('uuid') teamId!: string;
  @Column({ type: 'integer', default: 15 }) speedToLeadMinutes!: number;
  @Column({ default: false }) followsAsLeads!: boolean;
}

export const CRM_ENTITIES = [CrmContact, CrmActivity, CrmLead, CrmRoutingRule, CrmTask, CrmMerge, CrmSettings];
