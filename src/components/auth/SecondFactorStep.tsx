import { api, messageOf, NetworkError } from '../api.ts';
import FactorAnswer, { type FactorProof } from '../security/FactorAnswer.tsx';

interface Props {
  /** The account has a passkey and the site can use them. */
  passkeys: boolean;
  /** Called with the sign-in's answer once the factor is accepted. */
  onSignedIn: (home: string) => void;
  onCancel: () => void;
}

/** The sign-in's second step (issue 51): the password was right, the factor finishes it. */
export default function SecondFactorStep({ passkeys, onSignedIn, onCancel }: Props) {
  async function answer(proof: FactorProof): Promise<string | null> {
    try {
      const r = await api<{ home?: string }>('/api/login-second-factor', { body: proof });
      if (r.ok) {
        onSignedIn(r.data?.home ?? '/');
        return null;
      }
      return messageOf(r, 'That code or passkey is not right.');
    } catch (e) {
      return e instanceof NetworkError
        ? 'Connection failed. Please try again.'
        : 'Something went wrong. Please try again.';
    }
  }
  return (
    <div className='second-factor-step' data-testid='second-factor-step'>
      <h2 className='step-title'>Confirm it's you</h2>
      <p>Your account has a second factor. Use it to finish signing in.</p>
      <FactorAnswer onAnswer={answer} passkeys={passkeys} submitLabel='Verify and sign in' />
      <p className='form-footer'>
        <button type='button' className='link-button' onClick={onCancel}>
          Start again with your password
        </button>
      </p>
    </div>
  );
}
