import { describe, expect, it } from 'vitest';
import { openPage, useBrowser } from './browser';

useBrowser();

describe('404 page', () => {
  it('shows the not-found page for an unknown path', async () => {
    const page = await openPage('/this/does/not/exist');
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
  });
});
