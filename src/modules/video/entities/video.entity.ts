import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const VIDEO_STATUSES = ['uploading', 'processing', 'ready', 'errored'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

/** One HLS rendition of a ready video. */
export interface Rendition {
  name: string;
  width: number;
  height: number;
  bandwidth: number;
  playlist: string;
}

/**
 * An uploaded clip, Mux-style: an upload becomes an asset with a playback_id, renditions, a poster
 * and a duration. Its files live in storage under videos/<id>/.
 */
@Entity('videos')
export class Video {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'varchar' }) slug!: string;
  @Column({ type: 'varchar' }) playbackId!: string;
  @Column({ type: 'uuid' }) userId!: string;
  @Column({ type: 'uuid', nullable: true }) walkthroughId!: string | null;
  @Column({ type: 'integer', default: 0 }) position!: number;
  @Column({ type: 'varchar', default: '' }) title!: string;
  @Column({ type: 'varchar', default: 'uploading' }) status!: VideoStatus;
  @Column({ type: 'text', nullable: true }) error!: string | null;
  @Column({ type: 'smallint', default: 0 }) progress!: number;
  @Column({ type: 'varchar', nullable: true }) uploadId!: string | null;
  @Column({
    type: 'bigint',
    nullable: true,
    transformer: { to: (v) => v, from: (v) => (v === null ? null : Number(v)) },
  })
  uploadSize!: number | null;
  @Column({ type: 'bigint', default: 0, transformer: { to: (v) => v, from: (v) => Number(v) } }) uploadOffset!: number;
  @Column({ type: 'varchar', nullable: true }) sourceKey!: string | null;
  @Column({ type: 'varchar', nullable: true }) sourceName!: string | null;
  @Column({ type: 'double precision', nullable: true }) duration!: number | null;
  @Column({ type: 'integer', nullable: true }) width!: number | null;
  @Column({ type: 'integer', nullable: true }) height!: number | null;
  @Column({ type: 'varchar', nullable: true }) posterKey!: string | null;
  @Column({ type: 'varchar', nullable: true }) manifestKey!: string | null;
  @Column({ type: 'jsonb', default: () => `'[]'` }) renditions!: Rendition[];
  @Column({ type: 'double precision', nullable: true }) trimStart!: number | null;
  @Column({ type: 'double precision', nullable: true }) trimEnd!: number | null;
  @Column({ type: 'double precision', nullable: true }) coverTime!: number | null;
  @Column({ type: 'timestamptz', nullable: true }) readyAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
