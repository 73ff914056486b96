import { Column, CreateDateColumn, Entity, Index, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { User } from '../../users';

@Entity('user_addresses')
@Index('user_addresses_user_idx', ['userId'])
export class UserAddress {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @ManyToOne(() => User, { onDelete: 'CASCADE' }) user?: User;
  @Column() label!: string;
  @Column() line1!: string;
  @Column({ type: 'varchar', nullable: true }) line2!: string | null;
  @Column() city!: string;
  @Column() state!: string;
  @Column() zip!: string;
  @Column({ length: 2 }) countryCode!: string;
  @Column({ default: false }) isDefault!: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
