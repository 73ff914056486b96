import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DisputeKind, OfferStatus } from '../../../contracts/crm';
import { bigintOrNull } from './crm.entity';

/** A lead offered on the marketplace, and (once claimed) its sale and dispute. */
@Entity('crm_lead_offers')
export class CrmLeadOffer {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') leadId!: string;
  @Column('uuid') sellerId!: string;
  @Column('uuid') sellerTeamId!: string;
  /** Image credits, or 0 when the offer is priced in money (`priceMinor` + `currency`, sold through commerce). */
  @Column('integer') priceCredits!: number;
  @Column({ type: 'bigint', nullable: true, transformer: bigintOrNull }) priceMinor!: number | null;
  @Column({ type: 'varchar', nullable: true }) currency!: string | null;
  /** The commerce product that sells a money offer, and the order line that bought it. */
  @Column({ type: 'uuid', nullable: true }) productId!: string | null;
  @Column({ type: 'uuid', nullable: true }) orderId!: string | null;
  @Column({ type: 'uuid', nullable: true }) orderLineId!: string | null;
  /** The commerce refund that paid a money sale back. */
  @Column({ type: 'uuid', nullable: true }) refundId!: string | null;
  /** The buyer's book already held this person when they bought it (a duplicate). */
  @Column({ default: false }) buyerHadContact!: boolean;
  @Column({ type: 'varchar', nullable: true }) disputeKind!: DisputeKind | null;
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
