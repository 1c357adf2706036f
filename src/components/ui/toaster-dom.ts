// The toast area's rendering, without a framework: the signed-in pages mount it from a plain
// module script (no island to server-render on every request), the React dialogs from an effect.
import { $toast, dismissToast, type Toast } from '../../stores/toast.ts';

function toastElement(toast: Toast): HTMLElement {
  const box = document.createElement('div');
  box.className = `toast toast-${toast.variant}`;
  box.dataset.testid = 'toast';
  const text = document.createElement('div');
  const title = document.createElement('p');
  title.className = 'toast-title';
  title.textContent = toast.title;
  text.append(title);
  if (toast.description) {
    const description = document.createElement('p');
    description.className = 'toast-description';
    description.textContent = toast.description;
    text.append(description);
  }
  const close = document.createElement('button');
  close.type = 'button';
  close.className = 'toast-close';
  close.setAttribute('aria-label', 'Dismiss notification');
  close.textContent = '×';
  close.addEventListener('click', () => dismissToast(toast.id));
  box.append(text, close);
  return box;
}

/** Shows the current toast (one at a time) inside `region`, a polite live region; returns an unmount. */
export function mountToaster(region: HTMLElement): () => void {
  return $toast.subscribe((toast) => region.replaceChildren(...(toast ? [toastElement(toast)] : [])));
}
