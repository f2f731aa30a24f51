// Where a bulk run's progress shows: the user clicks Run at the bottom of the Bulk run panel, and
// the run's progress takes the preview's place there, in view, rather than at the top of the panel
// out of sight. Runs against dist/ with Debian's chromium.
import type { FrameLocator } from 'playwright-core';
import { openAddonSidebar, typeInto, usePlayground } from './session';

jest.setTimeout(60_000);

const session = usePlayground();

/** Whether the element is wholly inside the sidebar's visible part. */
async function inView(sidebar: FrameLocator, selector: string): Promise<boolean> {
  return sidebar.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
  });
}

it('shows the progress where the preview was, in view, when Run is clicked at the bottom of the panel', async () => {
  const { playground, page } = session;
  await typeInto(playground, 'D1', 'Company');
  for (const [i, name] of ['Globex Corporation', 'Initech', 'Umbrella Corp'].entries())
    await typeInto(playground, `D${i + 2}`, name);
  await page.goto(playground.url);
  await page.waitForSelector('body[data-ready="true"]');
  const sidebar = await openAddonSidebar(page);
  await sidebar.locator('#bulk-op').selectOption('company_name_to_website');
  await sidebar.locator('#bulk-input').selectOption('4');
  await sidebar.locator('#bulk-preview').click();
  await sidebar.locator('#bulk-estimate').waitFor();
  await sidebar.locator('#bulk-run').click();

  await sidebar.locator('#bulk-progress-title:has-text("Done")').waitFor();
  expect(await inView(sidebar, '#bulk-progress-box')).toBe(true);
  expect(await inView(sidebar, '#bulk-message')).toBe(true);
  // In the preview's place: right below the buttons that started it.
  const order = await sidebar
    .locator('#bulk-details .panel-body')
    .evaluate((body) =>
      ['#bulk-run', '#bulk-progress-box', '#bulk-summary'].map((selector) =>
        [...body.querySelectorAll('*')].indexOf(body.querySelector(selector)!),
      ),
    );
  expect(order).toEqual([...order].sort((a, b) => a - b));
  expect(await sidebar.locator('#bulk-summary').textContent()).toBe('');
});
