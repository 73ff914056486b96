import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

export const CREDIT_KINDS = ['grant', 'purchase', 'spend', 'refund', 'revoke', 'expire'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** One row of the image-credit ledger; users.image_credits is kept in step in the same transaction. */
@Entity('credit_transactions')
@Index('credit_transactions_user_created_idx', ['userId', 'createdAt'])
export class CreditTransaction {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'varchar' }) kind!: CreditKind;
  /** Signed: spends are negative. */
  @Column('integer') amount!: number;
  @Column('integer') balanceAfter!: number;
  @Column() reason!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
