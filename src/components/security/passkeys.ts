// The browser side of passkeys: ask the server for a challenge, let the browser's authenticator
// answer it, and send the answer back as base64 (the server checks everything).
import { api, messageOf } from '../api.ts';

export interface Assertion {
  credentialId: string;
  authenticatorData: string;
  clientDataJSON: string;
  signature: string;
}

const fromBase64 = (text: string) => {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return Uint8Array.from(atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4)), (c) => c.charCodeAt(0));
};
const toBase64 = (buffer: ArrayBuffer) => btoa(String.fromCharCode(...new Uint8Array(buffer)));

export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && 'PublicKeyCredential' in window && Boolean(navigator.credentials);
}

/** Words for a failed ceremony: cancelled, timed out, or the server's message. */
export function passkeyProblem(error: unknown): string {
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')) {
    return 'The passkey request was cancelled or timed out. Please try again.';
  }
  if (error instanceof DOMException && error.name === 'InvalidStateError') {
    return 'This device already holds a passkey for your account.';
  }
  return error instanceof Error && error.message ? error.message : 'The passkey could not be used. Please try again.';
}

/** A passkey's signature over a fresh challenge (any of the account's passkeys, or any passkey for this site). */
export async function passkeyAssertion(): Promise<Assertion> {
  const r = await api<{ challenge: string; rpId: string }>('/api/auth/passkey/challenge', { method: 'POST' });
  if (!r.ok || !r.data) throw new Error(messageOf(r, 'Passkeys are not available right now.'));
  const credential = (await navigator.credentials.get({
    publicKey: {
      challenge: fromBase64(r.data.challenge),
      rpId: r.data.rpId,
      userVerification: 'required',
      timeout: 120_000,
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was chosen.');
  const response = credential.response as AuthenticatorAssertionResponse;
  return {
    credentialId: toBase64(credential.rawId),
    authenticatorData: toBase64(response.authenticatorData),
    clientDataJSON: toBase64(response.clientDataJSON),
    signature: toBase64(response.signature),
  };
}

interface CreationOptions {
  challenge: string;
  rpId: string;
  user: { id: string; name: string; displayName: string };
  excludeCredentialIds: string[];
}

/** Creates a passkey for the signed-in account (a discoverable one, so it can sign in alone). */
export async function createPasskey(): Promise<{ attestationObject: string; clientDataJSON: string }> {
  const r = await api<CreationOptions>('/api/account/factors/passkey/options', { method: 'POST' });
  if (!r.ok || !r.data) throw new Error(messageOf(r, 'Passkeys are not available right now.'));
  const o = r.data;
  const credential = (await navigator.credentials.create({
    publicKey: {
      challenge: fromBase64(o.challenge),
      rp: { id: o.rpId, name: 'Wealth Coach' },
      user: { id: new TextEncoder().encode(o.user.id), name: o.user.name, displayName: o.user.displayName },
      pubKeyCredParams: [{ type: 'public-key', alg: -7 }, { type: 'public-key', alg: -257 }],
      attestation: 'none',
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: o.excludeCredentialIds.map((id) => ({ type: 'public-key' as const, id: fromBase64(id) })),
      timeout: 120_000,
    },
  })) as PublicKeyCredential | null;
  if (!credential) throw new Error('No passkey was created.');
  const response = credential.response as AuthenticatorAttestationResponse;
  return {
    attestationObject: toBase64(response.attestationObject),
    clientDataJSON: toBase64(response.clientDataJSON),
  };
}
