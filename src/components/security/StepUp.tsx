import { api, messageOf, NetworkError } from '../api.ts';
import FactorAnswer, { type FactorProof } from './FactorAnswer.tsx';

/** Proves the second factor again in this session, then returns to the page that asked. */
export default function StepUp({ next, passkeys }: { next: string; passkeys: boolean }) {
  async function answer(proof: FactorProof): Promise<string | null> {
    try {
      const r = await api('/api/account/confirm', { body: proof });
      if (r.ok) {
        window.location.assign(next);
        return null;
      }
      return messageOf(r, 'That code or passkey is not right.');
    } catch (e) {
      return e instanceof NetworkError
        ? 'Connection failed. Please try again.'
        : 'Something went wrong. Please try again.';
    }
  }
  return <FactorAnswer onAnswer={answer} passkeys={passkeys} submitLabel='Confirm' />;
}
