import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SavedSearchParams } from '../../../contracts/market';

/**
 * A saved market search. Its criteria are also kept as columns (area box on a GiST index, price band, type,
 * sector, status) written by the repository, so a changed listing finds the searches it matches by index.
 */
@Entity('saved_searches')
export class SavedSearch {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @Column() name!: string;
  @Column({ type: 'jsonb' }) params!: SavedSearchParams;
  @Column({ default: true }) alerts!: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
