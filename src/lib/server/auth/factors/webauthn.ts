// Passkeys (WebAuthn) after the Lucia guide's example-astro-email-password-webauthn: challenges
// are single use and kept in the database (any instance can check one another gave), the relying
// party is PUBLIC_URL's host name, and only ES256 and RS256 keys with user verification are taken.
import { and, eq, gt, lt } from 'drizzle-orm';
import {
  AttestationStatementFormat,
  ClientDataType,
  coseAlgorithmES256,
  coseAlgorithmRS256,
  coseEllipticCurveP256,
  type COSEPublicKey,
  createAssertionSignatureMessage,
  parseAttestationObject,
  parseAuthenticatorData,
  parseClientDataJSON,
} from '@oslojs/webauthn';
import {
  decodePKIXECDSASignature,
  decodeSEC1PublicKey,
  ECDSAPublicKey,
  p256,
  verifyECDSASignature,
} from '@oslojs/crypto/ecdsa';
import {
  decodePKCS1RSAPublicKey,
  RSAPublicKey,
  sha256ObjectIdentifier,
  verifyRSASSAPKCS1v15Signature,
} from '@oslojs/crypto/rsa';
import { sha256 } from '@oslojs/crypto/sha2';
import { decodeBase64, encodeBase64, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { webauthnChallenges } from '../../../../../db/schema.ts';
import { getDb } from '../../platform/db.ts';
import { getEnv } from '../../platform/env.ts';
import { HttpError } from '../../platform/http.ts';
import { hashToken } from '../../platform/tokens.ts';
import type { Limit } from '../../platform/rate-limit.ts';

const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Challenges one client may ask for in ten minutes (each is a row until used or expired). */
export const challengeLimit = (client: string): Limit => ({
  key: `passkey-challenge:ip:${client}`,
  max: 60,
  windowMs: 10 * 60_000,
});

/** The relying party: PUBLIC_URL's host name; null when it is an IP address (passkeys need a name). */
export function relyingPartyId(): string | null {
  const host = new URL(getEnv().PUBLIC_URL).hostname;
  if (/^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return null;
  return host;
}

export function passkeysAvailable(): boolean {
  return relyingPartyId() !== null;
}

function requireRelyingParty(): string {
  const id = relyingPartyId();
  if (!id) throw new HttpError(400, 'Passkeys need the site to be served under a host name.');
  return id;
}

/** A new challenge (20 random bytes, base64url) valid for five minutes. */
export async function createChallenge(now = new Date()): Promise<string> {
  const bytes = crypto.getRandomValues(new Uint8Array(20));
  const challenge = encodeBase64urlNoPadding(bytes);
  const db = await getDb();
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await db.insert(webauthnChallenges).values({
    challengeHash: hashToken(challenge),
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return challenge;
}

/** Consumes the challenge atomically: true only once, and only while it is live. */
async function consumeChallenge(challenge: Uint8Array): Promise<boolean> {
  const db = await getDb();
  const removed = await db
    .delete(webauthnChallenges)
    .where(and(
      eq(webauthnChallenges.challengeHash, hashToken(encodeBase64urlNoPadding(challenge))),
      gt(webauthnChallenges.expiresAt, new Date()),
    ))
    .returning();
  return removed.length === 1;
}

function bytes(value: string, field: string): Uint8Array {
  try {
    return decodeBase64(value);
  } catch {
    throw new HttpError(400, 'The passkey answer could not be read.', { [field]: 'must be base64' });
  }
}

async function checkClientData(clientDataJSON: Uint8Array, type: ClientDataType): Promise<void> {
  let clientData;
  try {
    clientData = parseClientDataJSON(clientDataJSON);
  } catch {
    throw new HttpError(400, 'The passkey answer could not be read.');
  }
  if (clientData.type !== type) throw new HttpError(400, 'The passkey answer is of the wrong kind.');
  if (clientData.origin !== new URL(getEnv().PUBLIC_URL).origin || clientData.crossOrigin) {
    throw new HttpError(400, 'The passkey answer came from another site.');
  }
  if (!(await consumeChallenge(clientData.challenge))) {
    throw new HttpError(400, 'The passkey request has expired. Please try again.');
  }
}

export interface RegistrationInput {
  attestationObject: string;
  clientDataJSON: string;
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  algorithm: number;
}

/** Checks a new passkey (attestation "none") and returns what is stored of it. */
export async function verifyRegistration(input: RegistrationInput): Promise<NewPasskey> {
  const rpId = requireRelyingParty();
  let parsed;
  try {
    parsed = parseAttestationObject(bytes(input.attestationObject, 'attestationObject'));
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, 'The passkey answer could not be read.');
  }
  const { attestationStatement, authenticatorData } = parsed;
  if (attestationStatement.format !== AttestationStatementFormat.None) {
    throw new HttpError(400, 'This passkey asks for an attestation we do not take.');
  }
  if (!authenticatorData.verifyRelyingPartyIdHash(rpId)) throw new HttpError(400, 'The passkey is for another site.');
  if (!authenticatorData.userPresent || !authenticatorData.userVerified) {
    throw new HttpError(400, 'The passkey must check it is you (PIN, fingerprint or face).');
  }
  const credential = authenticatorData.credential;
  if (!credential) throw new HttpError(400, 'The passkey answer holds no key.');
  await checkClientData(bytes(input.clientDataJSON, 'clientDataJSON'), ClientDataType.Create);
  const { algorithm, publicKey } = storedKey(credential.publicKey);
  return { credentialId: encodeBase64(credential.id), publicKey: encodeBase64(publicKey), algorithm };
}

const unsupported = () => new HttpError(400, 'This kind of passkey is not supported.');

/** The key as stored: SEC1 for ES256 (P-256), PKCS#1 for RS256; a 400 for anything else or a malformed key. */
function storedKey(cose: COSEPublicKey): { algorithm: number; publicKey: Uint8Array } {
  try {
    const algorithm = cose.algorithm();
    if (algorithm === coseAlgorithmES256) {
      const key = cose.ec2();
      if (key.curve !== coseEllipticCurveP256) throw unsupported();
      return { algorithm, publicKey: new ECDSAPublicKey(p256, key.x, key.y).encodeSEC1Uncompressed() };
    }
    if (algorithm === coseAlgorithmRS256) {
      const key = cose.rsa();
      return { algorithm, publicKey: new RSAPublicKey(key.n, key.e).encodePKCS1() };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
  }
  throw unsupported();
}

export interface AssertionInput {
  credentialId: string;
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
}

/** Checks a passkey's signature over a live challenge of ours, made with the stored key. */
export async function verifyAssertion(
  input: AssertionInput,
  stored: { publicKey: string; algorithm: number },
): Promise<boolean> {
  const rpId = requireRelyingParty();
  const authenticatorBytes = bytes(input.authenticatorData, 'authenticatorData');
  const clientDataBytes = bytes(input.clientDataJSON, 'clientDataJSON');
  const signature = bytes(input.signature, 'signature');
  let authenticatorData;
  try {
    authenticatorData = parseAuthenticatorData(authenticatorBytes);
  } catch {
    throw new HttpError(400, 'The passkey answer could not be read.');
  }
  if (!authenticatorData.verifyRelyingPartyIdHash(rpId)) return false;
  if (!authenticatorData.userPresent || !authenticatorData.userVerified) return false;
  await checkClientData(clientDataBytes, ClientDataType.Get);
  const hash = sha256(createAssertionSignatureMessage(authenticatorBytes, clientDataBytes));
  try {
    if (stored.algorithm === coseAlgorithmES256) {
      const key = decodeSEC1PublicKey(p256, decodeBase64(stored.publicKey));
      return verifyECDSASignature(key, hash, decodePKIXECDSASignature(signature));
    }
    if (stored.algorithm === coseAlgorithmRS256) {
      const key = decodePKCS1RSAPublicKey(decodeBase64(stored.publicKey));
      return verifyRSASSAPKCS1v15Signature(key, sha256ObjectIdentifier, hash, signature);
    }
  } catch {
    return false;
  }
  return false;
}
