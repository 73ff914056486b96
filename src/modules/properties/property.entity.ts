import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { AnimationSetting } from '../../contracts/properties';
import type { PropertySector, PropertyStatus, PropertyType } from './property.constants';

export type { AnimationSetting };

/** A property for sale. Price stays a decimal string end to end (numeric(14,2) in PostgreSQL). */
@Entity('properties')
export class Property {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  /** The team the property belongs to besides its author (set from the author's current team on insert). */
  @Column({ type: 'uuid', nullable: true }) teamId!: string | null;
  @Column() slug!: string;
  @Column() name!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'numeric', precision: 14, scale: 2, nullable: true }) price!: string | null;
  @Column({ type: 'varchar', default: 'USD' }) currency!: string;
  @Column({ type: 'text', array: true, default: () => `'{}'` }) acceptedCurrencies!: string[];
  @Column({ type: 'text', array: true, default: () => `'{}'` }) acceptedCryptocurrencies!: string[];
  @Column({ type: 'varchar', nullable: true }) fullAddress!: string | null;
  @Column({ type: 'varchar', nullable: true }) address!: string | null;
  @Column({ type: 'varchar', nullable: true, name: 'address_line_2' }) addressLine2!: string | null;
  @Column({ type: 'varchar', nullable: true }) city!: string | null;
  @Column({ type: 'varchar', nullable: true }) state!: string | null;
  @Column({ type: 'varchar', nullable: true }) zip!: string | null;
  @Column({ type: 'varchar', nullable: true }) country!: string | null;
  @Column({ type: 'char', length: 2, nullable: true }) countryCode!: string | null;
  @Column({ type: 'double precision', nullable: true }) latitude!: number | null;
  @Column({ type: 'double precision', nullable: true }) longitude!: number | null;
  /** The listing's market time zone (IANA); null when unknown (local-day rules use the searcher's zone then). */
  @Column({ type: 'varchar', length: 64, nullable: true }) timeZone!: string | null;
  @Column({ type: 'varchar', nullable: true }) type!: PropertyType | null;
  @Column({ type: 'varchar', nullable: true }) sector!: PropertySector | null;
  @Column({ type: 'varchar', default: 'for_sale' }) status!: PropertyStatus;
  @Column({ default: false }) isPrivate!: boolean;
  @Column({ default: false }) publish!: boolean;
  @Column({ type: 'timestamptz', nullable: true }) publishedAt!: Date | null;
  @Column({ type: 'timestamptz', nullable: true }) archivedAt!: Date | null;
  @Column({ type: 'uuid', nullable: true }) featuredUploadId!: string | null;
  @Column({ type: 'jsonb', default: () => `'[]'` }) animations!: AnimationSetting[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}

@Entity('property_components')
export class PropertyComponent {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') propertyId!: string;
  @Column() type!: string;
  @Column({ type: 'jsonb', default: () => `'{}'` }) content!: Record<string, unknown>;
  @Column({ type: 'smallint', default: 0 }) position!: number;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}

export interface UploadVariant {
  key: string;
  url: string;
}

@Entity('property_uploads')
export class PropertyUpload {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') propertyId!: string;
  @Column({ type: 'uuid', nullable: true }) componentId!: string | null;
  @Column('uuid') userId!: string;
  @Column() key!: string;
  @Column({ type: 'jsonb', default: () => `'{}'` }) variants!: Record<string, UploadVariant>;
  @Column('int') width!: number;
  @Column('int') height!: number;
  @Column('int') size!: number;
  @Column({ type: 'int', default: 0 }) position!: number;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}

@Entity('currencies')
export class Currency {
  @Column({ primary: true }) code!: string;
  @Column() name!: string;
  @Column() symbol!: string;
  @Column('smallint') decimals!: number;
  @Column() isCrypto!: boolean;
  @Column('smallint') position!: number;
}
