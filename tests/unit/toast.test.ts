import { assertEquals } from '../helpers/assert.ts';
import { waitFor } from '../helpers/wait.ts';
import { $toast, showToast, TOAST_DEFAULT_MS } from '../../src/stores/toast.ts';

Deno.test('at most one toast is visible: a new one replaces the old, and each leaves after its duration', async () => {
  assertEquals(TOAST_DEFAULT_MS, 5000);
  showToast({ title: 'First' });
  showToast({ title: 'Account Created Successfully!', duration: 40 });
  assertEquals($toast.get()?.title, 'Account Created Successfully!');
  assertEquals($toast.get()?.duration, 40);
  await waitFor(() => $toast.get() === null, { timeout: 80, interval: 5, message: 'the toast to leave within 80 ms' });
  assertEquals($toast.get(), null);
  showToast({ title: 'Default' });
  assertEquals($toast.get()?.duration, 5000);
  showToast({ title: 'Short', duration: 1 });
  await waitFor(() => $toast.get() === null, { timeout: 20, interval: 2, message: 'the toast to leave within 20 ms' });
  assertEquals($toast.get(), null);
});
