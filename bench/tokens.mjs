// The seeded learners' session tokens, shared by bench/seed.ts and bench/run.mjs. Session ids are
// in the shape createSession issues (lower-case base32), since the server looks up no other id.
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function base32(i) {
  let out = '';
  do {
    out = BASE32[i % 32] + out;
    i = Math.floor(i / 32);
  } while (i > 0);
  return out;
}

/** The i-th learner's session id and secret: the token is `${id}.${secret}`. */
export function benchSession(i) {
  return { id: `bench${base32(i)}`, secret: `benchsecret${i}` };
}

export function benchToken(i) {
  const { id, secret } = benchSession(i);
  return `${id}.${secret}`;
}
