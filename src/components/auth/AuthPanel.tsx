import { useState } from 'react';
import SignUpForm from './SignUpForm.tsx';
import LoginForm from './LoginForm.tsx';
import ForgotPasswordForm from './ForgotPasswordForm.tsx';
import Toaster from '../ui/Toaster.tsx';

type Mode = 'login' | 'signup' | 'forgot';

const titles: Record<Mode, [string, string?]> = {
  login: ['Welcome back', 'Sign in to continue your financial journey'],
  signup: ['Create Your Account', 'Start with a free 3-minute assessment'],
  forgot: ['Reset Your Password'],
};

/** The sign-in page's forms, inline rather than in a dialog. */
export default function AuthPanel(
  { initial = 'login', next = '/', notice }: { initial?: Mode; next?: string; notice?: string },
) {
  const [mode, setMode] = useState<Mode>(initial);
  const [typed, setTyped] = useState('');
  const [title, subtitle] = titles[mode];
  return (
    <>
      <h1>{title}</h1>
      {subtitle && <p className='modal-subtitle'>{subtitle}</p>}
      {notice && mode === 'login' && (
        <div className='alert alert-info' role='status'>
          {notice}
        </div>
      )}
      {mode === 'login' && (
        <LoginForm
          next={next}
          onSwitchToSignUp={() => setMode('signup')}
          onForgotPassword={(email) => {
            setTyped(email);
            setMode('forgot');
          }}
        />
      )}
      {mode === 'signup' && <SignUpForm onSwitchToLogin={() => setMode('login')} />}
      {mode === 'forgot' && <ForgotPasswordForm onCancel={() => setMode('login')} initialEmail={typed} />}
      <Toaster />
    </>
  );
}
