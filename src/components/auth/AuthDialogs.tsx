import { useCallback, useEffect, useState } from 'react';
import Modal from '../ui/Modal.tsx';
import Toaster from '../ui/Toaster.tsx';
import SignUpForm from './SignUpForm.tsx';
import LoginForm from './LoginForm.tsx';
import ForgotPasswordForm from './ForgotPasswordForm.tsx';
import '../ui/modal.css';

type Dialog = 'signup' | 'login' | 'forgot' | null;

/** The landing page's dialogs, opened by any element with data-dialog="signup|login". */
export default function AuthDialogs() {
  const [open, setOpen] = useState<Dialog>(null);
  const close = useCallback(() => setOpen(null), []);

  useEffect(() => {
    // `/?logout=true` marks a logout redirect: drop the parameter from the address (spec 2).
    const url = new URL(window.location.href);
    if (url.searchParams.has('logout')) {
      url.searchParams.delete('logout');
      window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    }
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      const trigger = (event.target as Element | null)?.closest<HTMLElement>('[data-dialog]');
      if (!trigger) return;
      event.preventDefault();
      setOpen(trigger.dataset.dialog as Dialog);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);

  return (
    <>
      {open === 'signup' && (
        <Modal title="Create Your Account" subtitle="Start with a free 3-minute assessment" onClose={close}>
          <SignUpForm onSwitchToLogin={() => setOpen('login')} onDone={close} />
        </Modal>
      )}
      {open === 'login' && (
        <Modal title="Welcome back" subtitle="Sign in to continue your financial journey" onClose={close}>
          <LoginForm onSwitchToSignUp={() => setOpen('signup')} onForgotPassword={() => setOpen('forgot')} />
        </Modal>
      )}
      {open === 'forgot' && (
        <Modal title="Reset Your Password" onClose={close}>
          <ForgotPasswordForm onCancel={close} />
        </Modal>
      )}
      <Toaster />
    </>
  );
}
