// The seeded learners' session tokens, shared by bench/seed.ts and bench/run.mjs. Session ids are
// in the shape createSession issues (lower-case base32, the same encoder), since the server looks
// up no other id.
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** The i-th learner's session id and secret: the token is `${id}.${secret}`. */
export function benchSession(i) {
  return {
    id: `bench${encodeBase32LowerCaseNoPadding(new TextEncoder().encode(String(i)))}`,
    secret: `benchsecret${i}`,
  };
}

export function benchToken(i) {
  const { id, secret } = benchSession(i);
  return `${id}.${secret}`;
}
