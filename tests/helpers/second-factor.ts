// What a person's devices do in the second-factor tests: an authenticator app's code (RFC 6238,
// computed here with node:crypto, not with the library the server uses) and a passkey (a P-256
// key answering WebAuthn "create" and "get" the way a browser's authenticator does, attestation "none").
import { Buffer } from 'node:buffer';
import { createHash, createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

function base32Decode(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const c of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(c).toString(2).padStart(5, '0');
  return Uint8Array.from(bits.match(/.{8}/g) ?? [], (b) => parseInt(b, 2));
}

/** The 6-digit code of a base32 key at a time (RFC 6238, 30-second steps, HMAC-SHA1). */
export function totpCode(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

// The smallest CBOR encoder the attestation needs: unsigned and negative integers, byte and text strings, maps.
function head(major: number, length: number): number[] {
  if (length < 24) return [(major << 5) | length];
  if (length < 256) return [(major << 5) | 24, length];
  return [(major << 5) | 25, length >> 8, length & 0xff];
}
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): number[] {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return [...head(3, bytes.length), ...bytes];
  }
  if (value instanceof Uint8Array) return [...head(2, value.length), ...value];
  return [...head(5, value.size), ...[...value].flatMap(([k, v]) => [...cbor(k), ...cbor(v)])];
}

const b64 = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64');
const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest();

export class TestPasskey {
  readonly id = crypto.getRandomValues(new Uint8Array(16));
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  constructor(readonly rpId = 'localhost', readonly origin: string) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get credentialId(): string {
    return b64(this.id);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin) {
    return Buffer.from(JSON.stringify({ type, challenge, origin }));
  }

  /** The browser's answer to navigator.credentials.create with the server's challenge. */
  create(challenge: string, flags = 0x45) {
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const authData = Buffer.concat([
      sha256(this.rpId),
      Buffer.from([flags, 0, 0, 0, 0]),
      Buffer.alloc(16),
      Buffer.from([0, this.id.length]),
      this.id,
      Buffer.from(cbor(coseKey)),
    ]);
    const attestation = new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]);
    return {
      attestationObject: b64(Uint8Array.from(cbor(attestation))),
      clientDataJSON: b64(this.clientData('webauthn.create', challenge)),
    };
  }

  /** The browser's answer to navigator.credentials.get with the server's challenge. */
  get(challenge: string, options: { origin?: string; flags?: number } = {}) {
    const authenticatorData = Buffer.concat([sha256(this.rpId), Buffer.from([options.flags ?? 0x05, 0, 0, 0, 1])]);
    const clientDataJSON = this.clientData('webauthn.get', challenge, options.origin);
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      credentialId: this.credentialId,
      authenticatorData: b64(authenticatorData),
      clientDataJSON: b64(clientDataJSON),
      signature: b64(signature),
    };
  }
}
