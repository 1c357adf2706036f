// The admin screens on a small phone (360 x 740): nothing scrolls sideways, tap targets are
// 44 x 44 px, and the delete dialog opens on screen. A server of its own (an admin e-mail).
import { expect, gotoHydrated, signedInLearner, test, useOwnServer } from './fixtures.ts';
import { type Problem, problemsOn } from './phone-sweep.ts';

useOwnServer({ ADMIN_EMAILS: 'phone.admin@example.com' });
test.use({ viewport: { width: 360, height: 740 } });

test('an admin: lesson list, editor, preview and delete dialog fit a 360 px phone', async ({ page }) => {
  await signedInLearner(page, { email: 'phone.admin@example.com' });
  const problems: Problem[] = [];
  await gotoHydrated(page, '/admin/lessons');
  await expect(page.locator('.admin-table tbody tr').first()).toBeVisible();
  problems.push(...(await problemsOn(page, '/admin/lessons')));

  await page.locator('.admin-table tbody tr').first().getByRole('button', { name: /^Delete/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete lesson' });
  await expect(dialog).toBeVisible();
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(740);
  problems.push(...(await problemsOn(page, '/admin/lessons (delete dialog)')));
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'New lesson' }).click();
  await expect(page.getByRole('heading', { name: 'New lesson' })).toBeVisible();
  problems.push(...(await problemsOn(page, '/admin/lessons (new lesson editor)')));
  // An existing lesson: its sections, quiz and the preview beside them.
  await gotoHydrated(page, '/admin/lessons');
  await page.locator('.admin-table tbody tr').first().getByRole('button', { name: /^Edit/ }).click();
  await expect(page.getByRole('heading', { name: 'Preview' })).toBeVisible();
  await expect(page.locator('.lesson-section').first()).toBeVisible();
  problems.push(...(await problemsOn(page, '/admin/lessons (editing a lesson)')));
  expect(problems).toEqual([]);
});
