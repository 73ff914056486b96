/**
 * Shapes shared between the server's Inertia responses and the React shell.
 *
 * The server sends these as shared props on every page (see `SharedProps`);
 * page components extend them with their own props via `PageProps<T>`.
 */
import type { AuthUser } from '@contracts/users';

/** The signed-in user (the `auth.user` shared prop): one definition, shared with the server (src/contracts/users.ts). */
export type { AuthUser } from '@contracts/users';

/** One-shot messages from the server; shown as toasts. */
export interface FlashMessages {
  success?: string | null;
  error?: string | null;
  info?: string | null;
  warning?: string | null;
}

/** Push-service settings handed to the realtime client (owned by src/client/echo). */
export interface RealtimeConfig {
  enabled: boolean;
  key: string | null;
  cluster: string;
  authEndpoint?: string;
  [extra: string]: unknown;
}

export interface SharedProps {
  appName: string;
  auth: { user: AuthUser | null };
  /** v2-style flash as a prop; v3 servers send `page.flash` instead. Both are handled. */
  flash?: FlashMessages;
  errors: Record<string, string>;
  csrfToken: string;
  realtime?: RealtimeConfig;
  locale?: string;
  [key: string]: unknown;
}

/** Props of a page component: its own props plus the shared ones. */
export type PageProps<T extends object = Record<never, never>> = T & SharedProps;

/** Paged API answers: one definition, shared with the server (src/contracts/common.ts). */
export type { Page, LinkedPage } from '@contracts/common';
