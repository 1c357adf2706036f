import { ADMIN_BODY_LIMIT, BODY_LIMIT } from '../../body-limits.ts';
import type { APIContext } from 'astro';
import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { clientIp } from './client-ip.ts';
import { hitLimit, limits, peekLimit } from './rate-limit.ts';

export type FieldErrors = Record<string, string>;

/** Every error response has this one shape: `{ message, errors? }`. */
export function jsonError(status: number, message: string, errors?: FieldErrors, headers?: HeadersInit): Response {
  return Response.json(errors ? { message, errors } : { message }, { status, headers });
}

export { ADMIN_BODY_LIMIT, BODY_LIMIT };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
  toResponse(): Response {
    return jsonError(this.status, this.message, this.errors, this.headers);
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

/** How deep a JSON body may nest: no request of ours needs more than a few levels. */
export const MAX_JSON_DEPTH = 32;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels)`;

/** What readJson needs of a request's context: the request and the client it counts against. */
type JsonContext = Pick<APIContext, 'request' | 'clientAddress'>;

/**
 * Reads a JSON body within a size limit and validates it; throws HttpError (400/413/415/429). A
 * client that keeps sending malformed bodies (not JSON, nested too deeply, NUL characters) is
 * refused with 429 before its next body is parsed.
 */
export async function readJson<S extends z.ZodType>(
  context: JsonContext,
  schema: S,
  limit = BODY_LIMIT,
): Promise<z.infer<S>> {
  const { request } = context;
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > limit) throw new HttpError(413, 'Request body is too large');
  const type = request.headers.get('content-type') ?? '';
  if (type && !/^application\/(.+\+)?json\b/i.test(type) && !/^text\/plain\b/i.test(type)) {
    throw new HttpError(415, 'Send the body as JSON (Content-Type: application/json)');
  }
  const malformed = limits.malformedBodies(clientIp(context));
  const before = await peekLimit(malformed);
  if (!before.allowed) throw tooManyMalformed(before.retryAfterSeconds);
  let text: string;
  try {
    text = await readLimited(request, limit);
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'Could not read the request body');
  }
  let data: unknown;
  try {
    data = parseJsonText(text);
  } catch (error) {
    const counted = await hitLimit(malformed);
    if (!counted.allowed) throw tooManyMalformed(counted.retryAfterSeconds);
    throw error;
  }
  return validateBody(data, schema);
}

/** A body's text as JSON ('' is {}), refused with a 400 when it is not JSON, too deep or unsafe text. */
export function parseJsonText(text: string): unknown {
  let data: unknown;
  try {
    data = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The request body is not valid JSON');
  }
  rejectUnsafeText(data);
  return data;
}

/** The body checked by its schema; a 400 naming each field otherwise. */
export function validateBody<S extends z.ZodType>(data: unknown, schema: S): z.infer<S> {
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

/**
 * The path of the first string (or key) holding a NUL or a lone surrogate, or null. Walks without
 * recursion; a value nested deeper than MAX_JSON_DEPTH is refused with a 400.
 */
export function findUnsafeText(value: unknown): string | null {
  const stack: Array<[unknown, string[]]> = [[value, []]];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (UNSAFE_TEXT.test(current)) return path.join('.') || 'body';
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (path.length >= MAX_JSON_DEPTH) throw new HttpError(400, TOO_DEEP_MESSAGE);
    const entries = Object.entries(current);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i];
      if (UNSAFE_TEXT.test(key)) return [...path, '(a field name)'].join('.');
      stack.push([inner, [...path, key]]);
    }
  }
  return null;
}

/** Every text input refuses NUL and lone surrogates with a 400 naming the field (docs/DESIGN.md). */
export function rejectUnsafeText(value: unknown): void {
  const field = findUnsafeText(value);
  if (field) {
    throw new HttpError(400, `${field === 'body' ? 'The request' : field} ${UNSAFE_TEXT_MESSAGE}`, {
      [field]: `This ${UNSAFE_TEXT_MESSAGE}`,
    });
  }
}

const tooManyMalformed = (seconds: number) =>
  new HttpError(
    429,
    `Too many malformed requests from your network. Please wait ${
      Math.max(1, Math.ceil(seconds / 60))
    } minute(s) and try again.`,
    undefined,
    {
      'Retry-After': String(seconds),
    },
  );

/** Validates query parameters; throws HttpError 400. */
export function readQuery<S extends z.ZodType>(url: URL, schema: S): z.infer<S> {
  rejectUnsafeText(Object.fromEntries(url.searchParams));
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw new HttpError(400, 'Please check the query parameters', fieldErrors(parsed.error));
  return parsed.data;
}

/** The response with its status's standard reason phrase: a page that sets only its status would answer "404 OK". */
export function withReasonPhrase(response: Response): Response {
  const phrase = STATUS_CODES[response.status];
  if (!phrase || response.statusText === phrase) return response;
  return new Response(response.body, { status: response.status, statusText: phrase, headers: response.headers });
}
