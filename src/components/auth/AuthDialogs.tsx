import { useCallback, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import Modal from '../ui/Modal.tsx';
import Toaster from '../ui/Toaster.tsx';
import SignUpForm from './SignUpForm.tsx';
import CheckInbox from './CheckInbox.tsx';
import LoginForm from './LoginForm.tsx';
import ForgotPasswordForm from './ForgotPasswordForm.tsx';
import { safeNextPath } from '../../lib/safe-redirect.ts';
import '../ui/modal.css';

type Dialog = 'signup' | 'login' | 'forgot' | null;

/** The landing page's dialogs, opened by any element with data-dialog="signup|login". */
export default function AuthDialogs() {
  const [open, setOpen] = useState<Dialog>(null);
  const [typed, setTyped] = useState('');
  // A signed-out visitor sent here from a signed-in page (`?next=`): sign in, then back there.
  const [next, setNext] = useState<string | null>(null);
  const close = useCallback(() => setOpen(null), []);
  // After sign-up the dialog closes (spec: after 3 s) and the page itself says "check your inbox",
  // at the top of the page, while the toast stays its full time.
  const [inbox, setInbox] = useState<{ email: string; target: HTMLElement } | null>(null);
  const showInbox = useCallback((email: string) => {
    const main = document.getElementById('main');
    if (!main) return window.location.assign('/check-inbox');
    const target = document.createElement('div');
    target.className = 'container check-inbox-panel';
    main.prepend(target);
    setOpen(null);
    setInbox({ email, target });
    window.scrollTo({ top: 0 });
  }, []);

  useEffect(() => {
    // `/?logout=true` marks a logout redirect: drop the parameter from the address (spec 2).
    const url = new URL(window.location.href);
    const wanted = url.searchParams.get('next');
    if (wanted && safeNextPath(wanted) !== '/') {
      setNext(safeNextPath(wanted));
      setOpen('login');
    }
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
        <Modal title='Create Your Account' subtitle='Start with a free 3-minute assessment' onClose={close}>
          <SignUpForm
            onSwitchToLogin={() =>
              setOpen('login')}
            onDone={showInbox}
            initialEmail={typed}
          />
        </Modal>
      )}
      {open === 'login' && (
        <Modal title='Welcome back' subtitle='Sign in to continue your financial journey' onClose={close}>
          {next && (
            <p className='alert alert-info' role='status'>
              Please sign in to continue. We will take you back to the page you wanted.
            </p>
          )}
          <LoginForm
            next={next ?? undefined}
            onSwitchToSignUp={() =>
              setOpen('signup')}
            onForgotPassword={(email) => {
              setTyped(email);
              setOpen('forgot');
            }}
          />
        </Modal>
      )}
      {open === 'forgot' && (
        <Modal title='Reset Your Password' onClose={close}>
          <ForgotPasswordForm onCancel={close} initialEmail={typed} />
        </Modal>
      )}
      {inbox &&
        createPortal(
          <section className='card' aria-label='Check your inbox'>
            <CheckInbox
              email={inbox.email}
              onChangeAddress={() => {
                inbox.target.remove();
                setInbox(null);
                setTyped(inbox.email);
                setOpen('signup');
              }}
            />
          </section>,
          inbox.target,
        )}
      <Toaster />
    </>
  );
}
