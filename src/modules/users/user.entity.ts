import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const USER_TYPES = ['realtor', 'team_member', 'viewer', 'buyer', 'follower', 'affiliate', 'shopper'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export interface NotificationPreferences {
  email: Record<string, boolean>;
  push: Record<string, boolean>;
}

/** Every kind is on by default except product news, by email and by push alike. */
const DEFAULT_KINDS: Record<string, boolean> = {
  chat_request: true,
  new_follower: true,
  design_ready: true,
  video_ready: true,
  open_house_rsvp: true,
  product_news: false,
};

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email: { ...DEFAULT_KINDS },
  push: { ...DEFAULT_KINDS },
};

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column() name!: string;
  @Index('users_email_unique', { unique: true }) @Column() email!: string;
  /** Public @handle, unique case-insensitively (lower-cased on write). */
  @Index('users_handle_unique', { unique: true }) @Column({ type: 'varchar', nullable: true }) handle!: string | null;
  @Column({ type: 'varchar', default: 'viewer' }) type!: UserType;
  @Column({ type: 'varchar', default: 'user' }) role!: UserRole;
  @Column({ select: false }) passwordHash!: string;
  @Column({ type: 'timestamptz', nullable: true }) emailVerifiedAt!: Date | null;
  @Column({ type: 'varchar', nullable: true }) avatarPath!: string | null;
  @Column({ type: 'text', nullable: true }) bio!: string | null;
  @Column({ default: 'UTC' }) timezone!: string;
  @Column({ type: 'jsonb', default: () => `'${JSON.stringify(DEFAULT_NOTIFICATION_PREFERENCES)}'` })
  notificationPreferences!: NotificationPreferences;
  /** TOTP secret sealed with the app key; null until two-factor setup starts. */
  @Column({ type: 'text', nullable: true, select: false }) twoFactorSecret!: string | null;
  @Column({ type: 'text', array: true, nullable: true, select: false }) twoFactorRecoveryCodes!: string[] | null;
  @Column({ type: 'timestamptz', nullable: true }) twoFactorConfirmedAt!: Date | null;
  @Column({ type: 'integer', default: 0 }) imageCredits!: number;
  /** Set while an admin has suspended the account: sessions end and sign-in is refused. */
  @Column({ type: 'timestamptz', nullable: true }) suspendedAt!: Date | null;
  @Column({ type: 'varchar', nullable: true }) suspensionReason!: string | null;
  /** Set when the account was deleted on request: personal data is gone, ledgers keep the anonymised row. */
  @Column({ type: 'timestamptz', nullable: true }) deletedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
