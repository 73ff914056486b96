import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users';

/** An external login or integration (Google, Facebook, ...) linked to a user. */
@Entity('connected_accounts')
@Index('connected_accounts_provider_unique', ['provider', 'providerUserId'], { unique: true })
@Index('connected_accounts_user_idx', ['userId'])
export class ConnectedAccount {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: User;
  @Column() provider!: string;
  @Column() providerUserId!: string;
  @Column({ type: 'varchar', nullable: true }) displayName!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
