// Request body limits (docs/SECURITY.md), shared by the server entry, which refuses a larger
// declared body before anything reads it, and the JSON reader.
export const BODY_LIMIT = 64 * 1024;
/** Authors save whole lessons. */
export const ADMIN_BODY_LIMIT = 1024 * 1024;

/** The limit for a request to `path`. */
export function bodyLimitFor(path: string): number {
  return path.startsWith('/api/admin/') ? ADMIN_BODY_LIMIT : BODY_LIMIT;
}
