/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    user: import('./lib/server/auth/types.ts').SessionUser | null;
    session: import('./lib/server/auth/types.ts').SessionInfo | null;
    /** The learner's rows read by this request's session lookup; `loadLearnerState` uses them once. */
    learner?: import('./lib/server/learning/learner-store/rows.ts').PrefetchedRows;
  }
}
