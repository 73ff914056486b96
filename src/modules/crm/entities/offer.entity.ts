import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OfferStatus } from '../../../contracts/crm';

/** A lead offered on the marketplace, and (once claimed) its sale and dispute. */
@Entity('crm_lead_offers')
export class CrmLeadOffer {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') leadId!: string;
  @Column('uuid') sellerId!: string;
  @Column('uuid') sellerTeamId!: string;
  @Column('integer') priceCredits!: number;
  @Column({ type: 'varchar' }) timeline!: string;
  @Column({ type: 'varchar' }) status!: OfferStatus;
  @Column({ type: 'uuid', nullable: true }) buyerId!: string | null;
  @Column({ type: 'uuid', nullable: true }) buyerContactId!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) claimedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) disputeEndsAt!: Date | null;
  @Column({ type: 'text', nullable: true }) disputeReason!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) disputedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) closedAt!: Date | null;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}
