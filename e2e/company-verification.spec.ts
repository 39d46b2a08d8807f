import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { adminEmail, freshAccount } from './accounts.ts';
import { openSignedIn } from './session.ts';
import { type Language, snapBothThemes } from './support.ts';

/**
 * Verified companies (issue 21), in each language: a developer account asks from its profile with its
 * registration number and certificate (a PDF); an admin opens the document in the console and
 * approves; the company's profile, and its row among the verified companies of the directory, show
 * the 'Verified company' badge.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

let api: APIRequestContext;
test.beforeAll(async ({ baseURL }) => {
  api = await playwrightRequest.newContext({ baseURL });
});
test.afterAll(async () => {
  await api?.dispose();
});

for (const language of ['en', 'ar'] as Language[]) {
  test(`a company asks to be verified and gets the badge once approved (${language})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const company = await freshAccount(api, 'Nakheel Towers', { language, userType: 'developer' });
    const admin = await freshAccount(api, 'Vera Admin', {
      language,
      email: adminEmail(language, 'verification'),
    });
    // Its own number: the other language's journey runs beside this one, on the same console.
    const number = `10${String(Date.now()).slice(-7)}${language === 'ar' ? 2 : 1}`;

    await openSignedIn(page, company.email, '/profile', { language });
    const form = page.getByTestId('company-verification-form');
    await form.getByTestId('registration-number').fill(number);
    await form.getByTestId('verification-document').setInputFiles({
      name: 'commercial-registration.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await form.getByTestId('verification-submit').click();
    await expect(page.getByTestId('company-verification-status')).toHaveAttribute('data-status', 'pending');
    await expect(page.getByTestId('company-verification-form')).toHaveCount(0);

    // The admin sees the request with its document, and approves.
    const adminContext = await browser.newContext();
    const adminPage = await adminContext.newPage();
    await openSignedIn(adminPage, admin.email, '/admin/verifications', { language });
    const request = adminPage.getByTestId(/^verification-request-\d+$/).filter({
      has: adminPage.getByTestId('verification-registration-number').filter({ hasText: number }),
    });
    await expect(request).toBeVisible();
    const opened = adminPage.waitForEvent('popup');
    await request.getByTestId('verification-view-document').click();
    const documentTab = await opened;
    await expect.poll(() => documentTab.url()).toMatch(/^blob:/);
    await documentTab.close();
    await request.getByTestId('verification-approve').click();
    await adminPage.getByTestId('verification-approve-confirm').click();
    await expect(request).toHaveCount(0);
    await adminContext.close();

    // The badge: on the company's profile, and in the directory's verified companies.
    await page.reload();
    await expect(page.getByTestId('company-verification-status')).toHaveAttribute('data-status', 'approved');
    await expect(page.getByTestId('company-verified-badge').first()).toBeVisible();
    await snapBothThemes(page, `company-verified-profile-${language}`, async () => {
      await expect(page.getByTestId('company-verified-badge').first()).toBeVisible();
    });
    await page.goto(`/user/${company.user.id}`);
    await expect(page).toHaveURL(/\/profile/);
    await page.goto('/companies');
    await page.getByTestId('companies-verified-only').check();
    await expect(page.getByText('Nakheel Towers').first()).toBeVisible();
    await expect(page.getByTestId('company-verified-badge').first()).toBeVisible();
  });
}
