import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/** A saved dream: a generated room the user keeps with a title and a note. */
@Entity('dreams')
@Index('dreams_user_created_idx', ['userId', 'createdAt'])
export class Dream {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @Column('uuid') designId!: string;
  @Column({ type: 'uuid', nullable: true }) generatedDesignId!: string | null;
  @Column() title!: string;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
