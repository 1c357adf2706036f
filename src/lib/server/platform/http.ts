import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** Every error response has this one shape: `{ message, errors? }`. */
export function jsonError(status: number, message: string, errors?: FieldErrors, headers?: HeadersInit): Response {
  return Response.json(errors ? { message, errors } : { message }, { status, headers });
}

export const BODY_LIMIT = 64 * 1024;
export const ADMIN_BODY_LIMIT = 1024 * 1024;

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
  ) {
    super(message);
  }
  toResponse(): Response {
    return jsonError(this.status, this.message, this.errors);
  }
}

/** Turns zod issues into `{ field: message }`, first message per field. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : 'body';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Reads a JSON body within a size limit and validates it; throws HttpError (400/413/415). */
export async function readJson<S extends z.ZodType>(request: Request, schema: S, limit = BODY_LIMIT): Promise<z.infer<S>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new HttpError(413, 'Request body is too large');
  const type = request.headers.get('content-type') ?? '';
  if (type && !/^application\/(.+\+)?json\b/i.test(type) && !/^text\/plain\b/i.test(type)) {
    throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json)');
  }
  let text: string;
  try {
    text = await readLimited(request, limit);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Could not read the request body');
  }
  let data: unknown;
  try {
    data = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  rejectUnsafeText(data);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new HttpError(400, 'Please check the highlighted fields', fieldErrors(parsed.error));
  return parsed.data;
}

async function readLimited(request: Request, limit: number): Promise<string> {
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new HttpError(413, 'Request body is too large');
    }
    chunks.push(value);
  }
  const all = new Uint8Array(size);
  let offset = 0;
  for (const c of chunks) {
    all.set(c, offset);
    offset += c.byteLength;
  }
  return new TextDecoder('utf-8', { fatal: false }).decode(all);
}

// A NUL character or half of a UTF-16 surrogate pair is never text a person typed: PostgreSQL
// refuses NUL in text (a 500 before this check), and a lone surrogate cannot be encoded as UTF-8.
const UNSAFE_TEXT = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const UNSAFE_TEXT_MESSAGE = 'contains a character that is not allowed (a NUL character or broken Unicode)';

/** The path of the first string (or key) holding a NUL or a lone surrogate, or null. */
export function findUnsafeText(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path.join('.') || 'body' : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    if (UNSAFE_TEXT.test(key)) return [...path, '(a field name)'].join('.');
    const found = findUnsafeText(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/** Every text input refuses NUL and lone surrogates with a 400 naming the field (DESIGN.md). */
export function rejectUnsafeText(value: unknown): void {
  const field = findUnsafeText(value);
  if (field) throw new HttpError(400, `${field === 'body' ? 'The request' : field} ${UNSAFE_TEXT_MESSAGE}`, { [field]: `This ${UNSAFE_TEXT_MESSAGE}` });
}

/** Validates query parameters; throws HttpError 400. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  rejectUnsafeText(Object.fromEntries(url.searchParams));
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw new HttpError(400, 'Please check the query parameters', fieldErrors(parsed.error));
  return parsed.data;
}
