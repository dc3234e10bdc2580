/** The cancel page's 'Confirm Cancellation' and its prompt (a native confirm() or an in-page dialog). */
import type { Page } from 'playwright-core';

export const CANCEL_PROMPT = 'Are you sure you want to cancel this booking?';

export async function confirmCancellation(page: Page): Promise<void> {
  // Widened by `as`: set in the dialog handler, which TypeScript's narrowing does not see.
  let nativePrompt = null as string | null;
  const onDialog = (dialog: import('playwright-core').Dialog) => {
    nativePrompt = dialog.message();
    void dialog.accept();
  };
  page.on('dialog', onDialog);
  try {
    await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
    const inPage = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: CANCEL_PROMPT });
    const cancelled = page.getByRole('heading', { name: 'Booking Cancelled' });
    await inPage.or(cancelled).first().waitFor();
    if (nativePrompt === null && (await inPage.count()) > 0) {
      // The confirming button of the in-page prompt: anything but the ways out.
      const buttons = inPage.getByRole('button');
      const names = await buttons.allInnerTexts();
      const index = names.findIndex((n) => !/^(cancel|close|no\b|go back|keep)/i.test(n.trim()) && n.trim() !== '');
      if (index < 0) throw new Error(`no confirming button in the prompt (buttons: ${names.join(', ')})`);
      await buttons.nth(index).click();
    } else if (nativePrompt === null) {
      throw new Error(`the booking was cancelled without the prompt '${CANCEL_PROMPT}'`);
    } else if (nativePrompt !== CANCEL_PROMPT) {
      throw new Error(`the prompt read '${nativePrompt}', expected '${CANCEL_PROMPT}'`);
    }
  } finally {
    page.off('dialog', onDialog);
  }
}
