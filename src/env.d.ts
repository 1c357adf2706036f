/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    requestId: string;
    user: import('./lib/server/types.ts').SessionUser | null;
    session: import('./lib/server/types.ts').SessionInfo | null;
  }
}
