import { useStore } from '@nanostores/react';
import { $toast, dismissToast } from '../../stores/toast.ts';
import './toaster.css';

/** The toast area: one toast at a time, announced to screen readers. */
export default function Toaster() {
  const toast = useStore($toast);
  return (
    <div className="toaster" role="status" aria-live="polite" aria-atomic="true">
      {toast && (
        <div className={`toast toast-${toast.variant}`} data-testid="toast">
          <div>
            <p className="toast-title">{toast.title}</p>
            {toast.description && <p className="toast-description">{toast.description}</p>}
          </div>
          <button type="button" className="toast-close" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      )}
    </div>
  );
}
