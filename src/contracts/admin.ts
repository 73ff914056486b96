/** Wire shapes of the admin queue monitor. Type-only. */
import type { Page } from './common';

export type JobState = 'waiting' | 'active' | 'completed' | 'failed' | 'delayed';

/** Job counts of one queue. */
export interface QueueState {
  name: string;
  waiting: number;
  active: number;
  completed: number;
  failed: number;
  delayed: number;
  /** Paused by an admin: workers take no new job from it (BullMQ only). */
  paused?: boolean;
}

/** One job with its progress and, when it failed, why. */
export interface JobRow {
  id: string;
  queue: string;
  name: string;
  state: string;
  progress: number | object;
  attempts_made: number;
  /** The attempts it may make: never fewer than it made (a job retried by hand after its last one makes more). */
  attempts: number;
  /** Why it failed, in the error's words with server file paths taken out (the full stack is in the server log). */
  failed_reason: string | null;
  data: Record<string, unknown>;
  created_at: string | null;
  processed_at: string | null;
  finished_at: string | null;
  /** How long its last attempt ran, once it finished. */
  duration_ms: number | null;
}

/** What happened to a job (or, for paused and resumed, to its whole queue, with an empty id). */
export type JobEventKind =
  'waiting' | 'delayed' | 'active' | 'progress' | 'completed' | 'failed' | 'removed' | 'paused' | 'resumed';

export interface JobEvent {
  queue: string;
  id: string;
  kind: JobEventKind;
  /** The job's progress as it reported it (progress events only). */
  progress?: number | object;
}

/** Finished jobs per minute over the last hour, oldest first; `since` is the first minute's start. */
export interface QueueThroughput {
  name: string;
  since: string;
  completed: number[];
  failed: number[];
}

/**
 * Pushed on private-admin.queues as `.queues.changed`, at most a few times a second per queue: the queue's counts
 * now and the latest event of each job that moved since the last push (a busy queue's jobs are cut to the latest 50).
 */
export interface QueueChangedEvent {
  queue: QueueState;
  jobs: JobEvent[];
  at: string;
}

/** Admin/QueueMonitor and GET /api/admin/queues. */
export interface QueueOverview {
  mode: 'bullmq' | 'in-process';
  queues: QueueState[];
  queue: string;
  state: string;
  jobs: Page<JobRow>;
  throughput: QueueThroughput[];
  at: string;
}

/** One row of the admin audit trail (Admin/Audit, GET /api/admin/audit). */
export interface AdminAuditJson {
  id: string;
  actor: { id: string | null; label: string };
  action: string;
  subject: { type: string; id: string | null; label: string | null };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
  at: string;
}

/** Filters of the audit trail as the page shows them. */
export interface AdminAuditFilters {
  action: string;
  actor: string;
  subject_type: string;
  subject_id: string;
  from: string;
  to: string;
}

/** Admin/Audit. */
export interface AdminAuditPage {
  entries: Page<AdminAuditJson>;
  filters: AdminAuditFilters;
  actions: string[];
}

export type AdminUserState = 'active' | 'suspended' | 'deleted';

/** A user as the admin list shows them. */
export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  handle: string | null;
  type: string;
  role: 'user' | 'admin';
  state: AdminUserState;
  email_verified: boolean;
  created_at: string;
}

/** Admin/Users/Show: the user with what the owning areas know of them. */
export interface AdminUserDetail extends AdminUserRow {
  bio: string | null;
  avatar_url: string | null;
  timezone: string;
  suspended_at: string | null;
  suspension_reason: string | null;
  deleted_at: string | null;
  two_factor_enabled: boolean;
  image_credits: number;
  teams: Array<{ id: string; name: string; role: string; personal: boolean }>;
  credits: Array<{ id: string; kind: string; amount: number; balance_after: number; reason: string; at: string }>;
  orders: Array<{ id: string; number: string; status: string; total_minor: number; currency: string; at: string }>;
  designs: Array<{ id: string; status: string; room_type: string | null; at: string }>;
  sessions: Array<{ id: string; user_agent: string | null; ip: string | null; last_active_at: string }>;
  audit: AdminAuditJson[];
}

/** What an admin can do to many users at once (each as the single action would, audited per user). */
export const USER_BULK_ACTIONS = ['suspend', 'restore', 'resend_verification'] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];
/** At most this many users in one bulk action. */
export const USER_BULK_LIMIT = 1000;

/** A bulk action on users, run by a background job; `done + skipped` of `total` is its progress. */
export interface UserBulkJson {
  id: string;
  action: UserBulkAction;
  reason: string;
  status: 'queued' | 'running' | 'done';
  total: number;
  done: number;
  skipped: number;
  created_at: string;
  finished_at: string | null;
  /** Why users were skipped (already in that state, an admin account...), a few at most. */
  skipped_examples: Array<{ user_id: string; message: string }>;
}

/** Pushed on the admin channel after each step of a bulk action. */
export interface UserBulkProgressEvent {
  bulk: UserBulkJson;
}

/** Admin/Users/Index. */
export interface AdminUsersIndexProps {
  users: Page<AdminUserRow>;
  q: string;
  bulks: UserBulkJson[];
}

/** Shared on every page while an admin acts as another user. */
export interface ImpersonationState {
  admin_name: string;
  user_name: string;
}

/** The metrics the rollup job keeps per UTC day. */
export type MetricName =
  | 'signups'
  | 'active_users'
  | 'active_users_7d'
  | 'active_users_30d'
  | 'listings_published'
  | 'spots_published'
  | 'spots_transcoded'
  | 'designs_generated'
  | 'designs_failed'
  | 'credits_spent'
  | 'credits_bought'
  | 'orders_paid'
  | 'revenue_minor'
  | 'ai_cost_micro'
  | 'usage_records'
  | 'queue_waiting'
  | 'queue_failed'
  | 'realtime_connections';

/** One dashboard figure: its latest value and the days before it (oldest first), linking to its page. */
export interface DashboardStat {
  metric: MetricName;
  /** The currency of a money figure kept per currency (revenue: one stat per currency, never summed); else null. */
  currency: string | null;
  label: string;
  value: number;
  trend: number[];
  href: string;
}

/** Admin/Dashboard and GET /api/admin/metrics/dashboard. */
export interface AdminDashboardJson {
  stats: DashboardStat[];
  queues: QueueState[];
  /** This node's count, and every live node's (from Redis, expiring with the node) with their total. */
  connections: { node: string; count: number; total: number; nodes: Array<{ node: string; count: number }> };
  rolled_up_at: string | null;
}

export type MetricsPeriod = 'day' | 'week' | 'month';

/** Metrics/Index and GET /api/admin/metrics. */
export interface AdminMetricsJson {
  period: MetricsPeriod;
  buckets: string[];
  /** One series per metric, and per currency for money kept per currency (`currency` null otherwise). */
  series: Array<{ metric: MetricName; currency: string | null; label: string; values: number[] }>;
  provider_cost: Array<{ day: string; provider: string; calls: number; cost_micro: number }>;
  cohorts: Array<{ week: string; size: number; retention: number[] }>;
}
