import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export interface SavedSearchParams {
  q?: string;
  lat: number;
  lng: number;
  radius: number;
  min_price?: string;
  max_price?: string;
  type?: string;
  sector?: string;
  status?: string;
}

@Entity('saved_searches')
export class SavedSearch {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @Column() name!: string;
  @Column({ type: 'jsonb' }) params!: SavedSearchParams;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
