import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/** A playlist of videos (the video list player plays it with next/previous). */
@Entity('video_lists')
export class VideoList {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar' }) name!: string;
  @Column({ type: 'text', nullable: true }) description!: string | null;
  @Column({ type: 'boolean', default: true }) isPublic!: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}

@Entity('video_list_items')
export class VideoListItem {
  @PrimaryColumn({ type: 'uuid' }) videoListId!: string;
  @PrimaryColumn({ type: 'uuid' }) videoId!: string;
  @Column({ type: 'integer', default: 0 }) position!: number;
}
