/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    user: import('./lib/server/auth/types.ts').SessionUser | null;
    session: import('./lib/server/auth/types.ts').SessionInfo | null;
  }
}

interface ImportMetaEnv {
  /** Set at build (astro.config.mjs): names the build in public pages' ETags. */
  readonly BUILD_ID?: string;
}
