import { expect, test } from '@playwright/test';
import { openAs } from './support.ts';

test.describe('contact form', () => {
  test('shows the spec messages for missing, invalid and short input', async ({ page }) => {
    await page.goto('/contact');
    await expect(page.getByRole('heading', { name: 'Contact us' })).toBeVisible();
    await page.getByTestId('contact-submit').click();
    await expect(page.getByText('This field is required')).toHaveCount(6);

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Message').fill('Too short');
    await page.getByTestId('contact-submit').click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Must be at least 10 characters')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  test('shows the same rules in Arabic', async ({ page }) => {
    await openAs(page, '/contact', { language: 'ar' });
    await expect(page.getByRole('heading', { name: 'اتصل بنا' })).toBeVisible();
    await page.getByTestId('contact-submit').click();
    await expect(page.getByText('This field is required')).toHaveCount(0);
    const firstError = page.getByTestId('contact-form').locator('[id$="-error"]').first();
    await expect(firstError).toBeVisible();
    expect(await firstError.textContent()).toMatch(/[\u0600-\u06FF]/);
  });

  test('sends a complete message and says so', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('First name').fill('Khalid');
    await page.getByLabel('Last name').fill('Al-Otaibi');
    await page.getByLabel('Email').fill('khalid@example.com');
    await page.getByLabel('Phone').fill('+966 50 555 0101');
    await page.getByLabel('Subject').fill('Office space in Olaya');
    await page.getByLabel('Message').fill('I am looking for 300 m² of office space in Olaya, Riyadh.');
    await page.getByTestId('contact-submit').click();
    await expect(page.getByTestId('contact-success')).toContainText('Thank you! Your message has been sent.');
    await expect(page.getByLabel('First name')).toHaveValue('');
  });
});
