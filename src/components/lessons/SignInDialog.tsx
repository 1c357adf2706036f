import Modal from '../ui/Modal.tsx';
import LoginForm from '../auth/LoginForm.tsx';

/** The session ended mid-quiz: sign in here, the page comes back to the same question and sends what waited. */
export default function SignInDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal
      title='Sign in to save your result'
      subtitle="Your session ended. Your answers are kept: sign in and we'll save them."
      onClose={onClose}
      closeOnBackdrop={false}
    >
      <LoginForm
        next={window.location.pathname + window.location.search}
        onSwitchToSignUp={() => window.location.assign('/login?mode=signup')}
        onForgotPassword={() => window.location.assign('/login')}
      />
    </Modal>
  );
}
