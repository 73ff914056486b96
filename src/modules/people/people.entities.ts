import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('follows')
export class Follow {
  @PrimaryColumn('uuid') followerId!: string;
  @PrimaryColumn('uuid') followeeId!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('markets')
export class Market {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column() name!: string;
  @Column({ type: 'varchar', nullable: true }) city!: string | null;
  @Column({ type: 'varchar', nullable: true }) state!: string | null;
  @Column({ type: 'char', length: 2, nullable: true }) countryCode!: string | null;
  @Column({ type: 'double precision', nullable: true }) latitude!: number | null;
  @Column({ type: 'double precision', nullable: true }) longitude!: number | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('user_markets')
export class UserMarket {
  @PrimaryColumn('uuid') userId!: string;
  @PrimaryColumn('uuid') marketId!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('stats')
export class Stat {
  @PrimaryColumn() id!: string;
  @Column() label!: string;
  @Column() kind!: 'number' | 'money' | 'text';
  @Column('smallint') position!: number;
}

@Entity('user_stats')
export class UserStat {
  @PrimaryColumn('uuid') userId!: string;
  @PrimaryColumn() statId!: string;
  @Column() value!: string;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
