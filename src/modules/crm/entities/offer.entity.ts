import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { DisputeKind, OfferStatus, SaleStatus } from '../../../contracts/crm';
import { bigintOrNull } from './crm.entity';

/** A lead offered on the marketplace to at most `maxBuyers` books (1 = exclusive); `soldCount` copies sold so far. */
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
  /** The commerce product that sells a money offer (its stock is the offer's buyer limit). */
  @Column({ type: 'uuid', nullable: true }) productId!: string | null;
  @Column('integer') maxBuyers!: number;
  @Column('integer') soldCount!: number;
  @Column({ type: 'varchar' }) timeline!: string;
  /** Open while copies are left; sold once the last one is. */
  @Column({ type: 'varchar' }) status!: OfferStatus;
  @Column({ type: 'timestamptz' }) createdAt!: Date;
}

/** One buyer's purchase of an offer: their copy of the contact, the payment, the dispute window and its outcome. */
@Entity('crm_lead_sales')
export class CrmLeadSale {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') offerId!: string;
  @Column({ type: 'uuid', nullable: true }) buyerId!: string | null;
  @Column('uuid') buyerTeamId!: string;
  @Column({ type: 'uuid', nullable: true }) buyerContactId!: string | null;
  /** The buyer's book already held this person when they bought it (a duplicate). */
  @Column({ default: false }) buyerHadContact!: boolean;
  @Column({ type: 'varchar' }) status!: SaleStatus;
  /** The order line that paid a money sale, and the commerce refund that paid it back. */
  @Column({ type: 'uuid', nullable: true }) orderId!: string | null;
  @Column({ type: 'uuid', nullable: true }) orderLineId!: string | null;
  @Column({ type: 'uuid', nullable: true }) refundId!: string | null;
  @Column({ type: 'varchar', nullable: true }) disputeKind!: DisputeKind | null;
  @Column({ type: 'text', nullable: true }) disputeReason!: string | null;
  @Column({ type: 'timestamptz' }) claimedAt!: Date;
  @Column({ type: 'timestamptz' }) disputeEndsAt!: Date;
  @Column({ type: 'timestamptz', nullable: true }) disputedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) closedAt!: Date | null;
}
