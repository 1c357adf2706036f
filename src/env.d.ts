/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    user: import('./lib/server/auth/types.ts').SessionUser | null;
    session: import('./lib/server/auth/types.ts').SessionInfo | null;
  }
}
