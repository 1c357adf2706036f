// Security events (ASVS V16): one structured line each, `security: true` with the event's name, so
// an operator can filter them. Fields pass through log.ts's redaction: never a password or token.
import { log } from './log.ts';

export type SecurityEvent =
  | 'sign-in succeeded'
  | 'sign-in failed'
  | 'sign-in refused'
  | 'signed out'
  | 'password changed'
  | 'password reset'
  | 'email verified'
  | 'rate limit hit'
  | 'role changed'
  | 'draft handed over'
  | 'draft change refused';

export function securityEvent(
  event: SecurityEvent,
  fields: Record<string, unknown>,
  level: 'info' | 'warn' = 'info',
): void {
  log(level, event, { security: true, event, ...fields });
}
