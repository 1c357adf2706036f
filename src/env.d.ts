/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    user: import('./lib/server/auth/types.ts').SessionUser | null;
    session: import('./lib/server/auth/types.ts').SessionInfo | null;
    /** The learner's rows read by this request's session lookup; `loadLearnerState` uses them once. */
    learner?: import('./lib/server/learning/learner-store/rows.ts').PrefetchedRows;
    /** GET and HEAD only: the learner's data version as this request's session lookup read it (kept snapshots are served at it). */
    learnerVersion?: import('./lib/server/learning/learner-store/versions.ts').SeenVersion;
    /** Set by the server wrapper: the session check it started as a safe request arrived (early-check.ts). */
    sessionCheck?: import('./lib/server/auth/early-check.ts').EarlySessionCheck<import('./lib/server/auth/session.ts').ValidatedSession | null>;
  }
}
