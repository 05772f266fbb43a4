/**
 * The contact form (/contact-us) and the issue report (/report-issue) against the real server:
 * the browser refuses incomplete input with the schema's messages and sends nothing; a valid
 * submission shows 'Sending...' while the request runs, then the success toast, and the form
 * starts over. The server's answers that a test cannot provoke on demand (field messages, rate
 * limiting) are stubbed with page.route.
 *
 * The server accepts 5 submissions per form per 15 minutes from one address, so this file lets at
 * most one contact message and two issue reports reach it.
 */
import { expect, test, type Page, type Request } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE, SUPPORT } from '../../shared/constants';

// API calls must reach page.route, not a service worker.
test.use({ serviceWorkers: 'block' });

const CONTACT_PATH = '/api/contact';
const ISSUE_PATH = '/api/issue-reports';

/** A form control by its accessible name (its label without the required mark). */
function field(page: Page, name: string) {
  return page
    .getByRole('textbox', { name, exact: true })
    .or(page.getByRole('combobox', { name, exact: true }));
}

/** The POST requests the page sends to `path`, as they happen. */
function recordPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === path) posts.push(request);
  });
  return posts;
}

/** Holds requests to `path` until the returned release() is called, then lets them reach the server. */
async function holdRequests(page: Page, path: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(`**${path}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Answers requests to `path` with `status` and an API error body, without reaching the server. */
async function stubError(page: Page, path: string, status: number, body: Record<string, unknown>) {
  await page.route(`**${path}`, (route) =>
    route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
  );
}

test.describe('Contact Us', () => {

  async function fillValidMessage(page: Page) {
    await field(page, 'Name').fill('  Alex Carter ');
    await field(page, 'Email').fill('alex.carter@example.com');
    await field(page, 'Subject').fill('Withdrawal still pending');
    await field(page, 'Category').selectOption('Payment Problems');
    await field(page, 'Message').fill('My withdrawal of $25.00 to PayPal has been pending since yesterday.');
  }

  test('shows the reply times and the form', async ({ page }) => {
    await page.goto('/contact-us');
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
    const replyTimes = page.getByRole('region', { name: 'Typical reply times' });
    for (const time of [SUPPORT.generalResponse, SUPPORT.technicalResponse, SUPPORT.paymentResponse]) {
      await expect(replyTimes.getByText(time, { exact: true })).toBeVisible();
    }
    const category = field(page, 'Category');
    await expect(category).toHaveValue('');
    await expect(category.locator('option')).toHaveCount(11);
    await expect(category.locator('option').first()).toHaveText('Select a category');
    for (const label of ['Name', 'Email', 'Subject', 'Category', 'Message']) {
      await expect(field(page, label)).toHaveAttribute('required', '');
    }
  });

  test('submitting the empty form shows every required message and sends nothing', async ({ page }) => {
    const posts = recordPosts(page, CONTACT_PATH);
    await page.goto('/contact-us');
    await page.getByRole('button', { name: 'Send Message' }).click();

    for (const message of [
      'Name is required',
      'Email is required',
      'Subject is required',
      'Please select a category',
      'Message is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(field(page, 'Name')).toBeFocused();
    await expect(field(page, 'Name')).toHaveAttribute('aria-invalid', 'true');

    // Editing a field clears its own message only.
    await field(page, 'Name').fill('Alex');
    await expect(page.getByText('Name is required')).toBeHidden();
    await expect(field(page, 'Name')).not.toHaveAttribute('aria-invalid', 'true');
    await field(page, 'Category').selectOption('Other');
    await expect(page.getByText('Please select a category')).toBeHidden();
    await expect(page.getByText('Subject is required')).toBeVisible();

    expect(posts).toHaveLength(0);
  });

  test('a malformed e-mail address is refused before sending', async ({ page }) => {
    const posts = recordPosts(page, CONTACT_PATH);
    await page.goto('/contact-us');
    await fillValidMessage(page);
    await field(page, 'Email').fill('alex.carter@example');
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(field(page, 'Email')).toBeFocused();
    expect(posts).toHaveLength(0);
  });

  test('a valid message shows Sending... until the server accepts it, then the success toast and an empty form', async ({
    page,
  }) => {
    await page.goto('/contact-us');
    const release = await holdRequests(page, CONTACT_PATH);
    await fillValidMessage(page);

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === CONTACT_PATH);
    await page.getByRole('button', { name: 'Send Message' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();

    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toEqual({
      name: 'Alex Carter',
      email: 'alex.carter@example.com',
      subject: 'Withdrawal still pending',
      category: 'Payment Problems',
      message: 'My withdrawal of $25.00 to PayPal has been pending since yesterday.',
    });

    await expect(page.getByText('Message Sent Successfully')).toBeVisible();
    await expect(page.getByText(`We'll get back to you within ${SUPPORT.generalResponse}`, { exact: true })).toBeVisible();
    const confirmation = page.getByRole('status').filter({ hasText: 'Thanks, your message is on its way' });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText('alex.carter@example.com');
    await expect(confirmation).toBeFocused();

    for (const label of ['Name', 'Email', 'Subject', 'Category', 'Message']) {
      await expect(field(page, label)).toHaveValue('');
    }
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test("the server's field messages are shown under their fields", async ({ page }) => {
    await stubError(page, CONTACT_PATH, 400, {
      message: 'Subject is not allowed',
      code: 'validation_failed',
      fields: { subject: 'Subject is not allowed' },
    });
    await page.goto('/contact-us');
    await fillValidMessage(page);
    await page.getByRole('button', { name: 'Send Message' }).click();

    await expect(page.getByText('Subject is not allowed')).toBeVisible();
    await expect(field(page, 'Subject')).toBeFocused();
    await expect(field(page, 'Subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText('Failed to send message')).toHaveCount(0);
    // Nothing was accepted, so the form keeps what the user wrote.
    await expect(field(page, 'Name')).toHaveValue('  Alex Carter ');
  });

  test("rate limiting and other failures show the server's message in a toast", async ({ page }) => {
    await stubError(page, CONTACT_PATH, 429, { message: 'Too many requests; please wait and try again', code: 'rate_limited' });
    await page.goto('/contact-us');
    await fillValidMessage(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Too many requests; please wait and try again')).toBeVisible();
    await expect(field(page, 'Subject')).toHaveValue('Withdrawal still pending');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeFocused();

    // One toast at a time: dismiss this one so the next shows at once.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await page.unroute(`**${CONTACT_PATH}`);
    await stubError(page, CONTACT_PATH, 503, { message: 'The service is temporarily unavailable', code: 'service_unavailable' });
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByText('Failed to send message')).toBeVisible();
    await expect(page.getByText('The service is temporarily unavailable')).toBeVisible();
  });
});

test.describe('Report an Issue', () => {
  const severity = (page: Page, name: string) => page.getByRole('radio', { name, exact: true });
  /** Picks a severity the way a user does: by clicking its card (the radio itself is visually hidden). */
  const chooseSeverity = (page: Page, name: string) =>
    page.getByRole('group', { name: 'Severity' }).getByText(name, { exact: true }).click();
  const checkbox = (page: Page, name: string) => page.getByRole('checkbox', { name, exact: true });
  /** Ticks a checkbox by clicking its label, as a user does. */
  const tick = (page: Page, name: string) => page.getByText(name, { exact: true }).click();
  const systemInfoPreview = (page: Page) => page.getByRole('group', { name: 'System information to be sent' });

  const SIGNED_IN_USER = {
    steamId: '76561198000000042',
    username: 'e2e-reporter',
    displayName: 'Erin Reporter',
    email: 'erin.reporter@example.com',
    tradeUrl: '',
    avatar: '',
    profileUrl: 'https://steamcommunity.com/profiles/76561198000000042',
    balance: '0.00',
    depositReference: 'SM-E2E00042',
    version: 1,
    createdAt: '2025-01-29T00:00:00.000Z',
  };

  async function fillValidReport(page: Page) {
    await field(page, 'Issue type').selectOption({ label: 'UI / Design' });
    await chooseSeverity(page, 'Low');
    await field(page, 'Title').fill('Cart badge overlaps the logo');
    await field(page, 'Description').fill('On a 360 px wide phone the cart badge covers part of the logo.');
    await field(page, 'Steps to reproduce').fill('1. Add an item to the cart\n2. Narrow the window to 360 px');
  }

  test('submitting the empty form shows every required message and sends nothing', async ({ page }) => {
    const posts = recordPosts(page, ISSUE_PATH);
    await page.goto('/report-issue');
    await expect(page.getByRole('heading', { level: 1, name: 'Report an Issue' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit Report' }).click();

    for (const message of [
      'Please select an issue type',
      'Please select a severity',
      'Title is required',
      'Description is required',
      'Email is required',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    // The optional fields have nothing to complain about.
    await expect(page.getByText('Steam ID must be 17 digits')).toHaveCount(0);
    await expect(field(page, 'Issue type')).toBeFocused();

    await chooseSeverity(page, 'High');
    await expect(severity(page, 'High')).toBeChecked();
    await expect(page.getByText('Please select a severity')).toBeHidden();
    await field(page, 'Title').fill('Something');
    await expect(page.getByText('Title is required')).toBeHidden();
    await expect(page.getByText('Please select an issue type')).toBeVisible();

    expect(posts).toHaveLength(0);
  });

  test('a malformed e-mail address or Steam ID is refused before sending', async ({ page }) => {
    const posts = recordPosts(page, ISSUE_PATH);
    await page.goto('/report-issue');
    await fillValidReport(page);
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Steam ID').fill('12345');
    await page.getByRole('button', { name: 'Submit Report' }).click();

    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Steam ID must be 17 digits')).toBeVisible();
    await expect(field(page, 'Email')).toBeFocused();
    expect(posts).toHaveLength(0);
  });

  test('a valid report shows Sending... until the server accepts it, then the success toast and an empty form', async ({
    page,
  }) => {
    await page.goto('/report-issue');
    const release = await holdRequests(page, ISSUE_PATH);
    await fillValidReport(page);
    await field(page, 'Email').fill('reporter@example.com');
    await tick(page, 'Include a screenshot');
    await expect(checkbox(page, 'Include a screenshot')).toBeChecked();
    // Not ticked: no system information is collected or shown.
    await expect(systemInfoPreview(page)).toHaveCount(0);

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === ISSUE_PATH);
    await page.getByRole('button', { name: 'Submit Report' }).click();
    const sending = page.getByRole('button', { name: 'Sending...' });
    await expect(sending).toBeVisible();
    await expect(sending).toBeDisabled();
    release();

    const response = await answer;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as Record<string, unknown>;
    expect(sent).toMatchObject({
      issueType: 'ui',
      severity: 'low',
      title: 'Cart badge overlaps the logo',
      email: 'reporter@example.com',
      steamId: '',
      includeScreenshot: true,
      includeSystemInfo: false,
    });
    expect(sent).not.toHaveProperty('systemInfo');

    await expect(page.getByText('Issue Report Submitted')).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'Thanks, your report is in' })).toContainText(
      'ask you for the screenshot',
    );
    for (const label of ['Issue type', 'Title', 'Description', 'Steps to reproduce', 'Email']) {
      await expect(field(page, label)).toHaveValue('');
    }
    await expect(severity(page, 'Low')).not.toBeChecked();
    await expect(checkbox(page, 'Include a screenshot')).not.toBeChecked();
  });

  test("a signed-in reporter's e-mail and Steam ID are filled in, and ticked system information is sent exactly as previewed", async ({
    page,
    context,
    baseURL,
  }) => {
    // The app asks for the user only when the signed-in hint cookie says there may be one (docs/adr/0047-signed-in-hint-cookie.md).
    await context.addCookies([{ name: SIGNED_IN_HINT_COOKIE, value: '1', url: baseURL! }]);
    await page.route('**/api/user', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(SIGNED_IN_USER) }),
    );
    await page.goto('/report-issue');
    await expect(field(page, 'Email')).toHaveValue(SIGNED_IN_USER.email);
    await expect(field(page, 'Steam ID')).toHaveValue(SIGNED_IN_USER.steamId);

    await fillValidReport(page);
    await tick(page, 'Include system information');
    const preview = systemInfoPreview(page);
    await expect(preview).toBeVisible();
    const [userAgent, screen] = await page.evaluate(() => [navigator.userAgent, `${window.screen.width}x${window.screen.height}`]);
    const shown = await preview.locator('dd').allTextContents();
    expect(shown.slice(0, 2)).toEqual([userAgent, screen]);
    expect(shown[2]).toMatch(/^\S+$/);

    const answer = page.waitForResponse((response) => new URL(response.url()).pathname === ISSUE_PATH);
    await page.getByRole('button', { name: 'Submit Report' }).click();
    const response = await answer;
    expect(response.status()).toBe(201);
    expect(response.request().postDataJSON()).toMatchObject({
      email: SIGNED_IN_USER.email,
      steamId: SIGNED_IN_USER.steamId,
      includeSystemInfo: true,
      systemInfo: { userAgent: shown[0], screen: shown[1], appVersion: shown[2] },
    });

    await expect(page.getByText('Issue Report Submitted')).toBeVisible();
    // The form starts over but keeps the signed-in user's details.
    await expect(field(page, 'Title')).toHaveValue('');
    await expect(field(page, 'Email')).toHaveValue(SIGNED_IN_USER.email);
    await expect(field(page, 'Steam ID')).toHaveValue(SIGNED_IN_USER.steamId);
    await expect(checkbox(page, 'Include system information')).not.toBeChecked();
    await expect(preview).toHaveCount(0);
  });
});
