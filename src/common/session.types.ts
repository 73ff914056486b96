import 'express-session';

declare module 'express-session' {
  interface SessionData {
    userId: string;
    csrfToken: string;
    /** One-shot messages for the next page (Inertia v3 page.flash). */
    flash: Record<string, unknown>;
    /** Validation errors for the next page, keyed by error bag. */
    errors: Record<string, Record<string, string>>;
    /** Where to go after login when a guest hit a protected page. */
    intendedUrl: string;
    passwordConfirmedAt: number;
    /** Set between a correct password and the second factor. */
    twoFactorUserId: string;
    twoFactorRemember: boolean;
    /** While an admin acts as this session's user: the admin's id (impersonation ends back on it). */
    impersonatorId: string;
    userAgent: string;
    ip: string;
  }
}

export {};
