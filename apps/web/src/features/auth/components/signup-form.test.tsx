import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getItem } from '../../../lib/storage.ts';
import { fail, ok, routeFetch, verificationFixture } from '../../../test/auth-fixtures.ts';
import { mockFetch, renderRoute } from '../../../test/render.tsx';

const fetchMock = mockFetch();

const valid = {
  name: 'Sara Al Amri',
  phone: '+966 50 123 4567',
  email: 'Sara@Example.com',
  password: 'Secret123',
  confirm: 'Secret123',
};

const input = {
  name: () => screen.getByLabelText('Full name'),
  phone: () => screen.getByLabelText('Phone number'),
  email: () => screen.getByRole('textbox', { name: 'Email' }),
  password: () => screen.getByLabelText('Password'),
  confirm: () => screen.getByLabelText('Confirm password'),
};

async function openSignup(path = '/signup', language: 'en' | 'ar' = 'en') {
  const rendered = renderRoute(path, language);
  await screen.findByTestId('signup-form');
  return rendered;
}

async function fill(values: Partial<typeof valid>, userType?: 'Retail' | 'Developer') {
  const user = userEvent.setup();
  for (const [field, value] of Object.entries(values) as Array<[keyof typeof valid, string]>) {
    await user.clear(input[field]());
    await user.type(input[field](), value);
  }
  if (userType) await user.click(screen.getByRole('radio', { name: userType }));
  return user;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Create account' }));

describe('signup validation (spec §5)', () => {
  it('requires every field and a user type', async () => {
    await openSignup();
    await submit();
    expect(await screen.findAllByText('This field is required')).toHaveLength(5);
    for (const field of Object.values(input)) {
      expect(field()).toHaveAttribute('aria-invalid', 'true');
      expect(field()).toHaveAccessibleDescription('This field is required');
    }
    expect(screen.getByText('Please select a valid user type')).toBeInTheDocument();
    expect(input.name()).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks name, phone, email and password with the contract texts', async () => {
    await openSignup();
    await fill({ name: 'S', phone: '0500', email: 'nope', password: 'short', confirm: 'other' }, 'Retail');
    await submit();
    expect(await screen.findByText('Must be at least 2 characters')).toBeInTheDocument();
    expect(input.phone()).toHaveAccessibleDescription('Must be at least 11 characters');
    expect(input.email()).toHaveAccessibleDescription('Please enter a valid email address');
    expect(input.password()).toHaveAccessibleDescription('Password must be at least 8 characters');
    expect(input.confirm()).toHaveAccessibleDescription('Passwords must match');
    expect(screen.queryByText('Please select a valid user type')).not.toBeInTheDocument();

    await fill({ name: 'Sara 2', phone: '05-abc-0000000', password: 'lowercase1', confirm: 'lowercase1' });
    await submit();
    await waitFor(() =>
      expect(input.name()).toHaveAccessibleDescription('Name can only contain letters and spaces'),
    );
    expect(input.phone()).toHaveAccessibleDescription(
      'Phone number can only contain digits, spaces and + - ( )',
    );
    expect(input.password()).toHaveAccessibleDescription(
      'Password must contain an uppercase letter, a lowercase letter and a number',
    );
    expect(input.confirm()).not.toHaveAttribute('aria-invalid');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the messages in Arabic', async () => {
    await openSignup('/signup', 'ar');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('الاسم الكامل'), 'سارة1');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByText('يجب أن يحتوي الاسم على أحرف ومسافات فقط')).toBeInTheDocument();
    expect(screen.getAllByText('هذا الحقل مطلوب')).toHaveLength(4);
    expect(screen.getByText('يُرجى اختيار نوع مستخدم صالح')).toBeInTheDocument();
  });

  it('offers the two user types as choice cards and email as the default way to verify', async () => {
    await openSignup();
    const types = screen.getByRole('group', { name: 'Account type' });
    expect(
      within(types)
        .getAllByRole('radio')
        .map((r) => r.getAttribute('value')),
    ).toEqual(['retail', 'developer']);
    const verifyBy = screen.getByRole('group', { name: 'Send my verification code by' });
    expect(within(verifyBy).getByRole('radio', { name: 'Email' })).toBeChecked();
  });
});

describe('signup submission', () => {
  it('sends the normalized fields with the UI language, keeps email and phone, and goes to the email code', async () => {
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/register': () =>
        ok(
          {
            user: {
              id: 7,
              name: 'Sara Al Amri',
              email: 'sara@example.com',
              phone: '+966 50 123 4567',
              preferences: null,
              avatar: null,
            },
            verification: verificationFixture({ phone: '+966 50 123 4567' }),
          },
          'Account created. Please enter the verification code we sent you.',
          201,
        ),
    });
    const { router } = await openSignup('/signup?redirect=%2Fpost%2F7');
    await fill(valid, 'Developer');
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/verification-email'));
    expect(router.state.location.search).toBe('?redirect=%2Fpost%2F7');
    expect(calls[0]?.body).toEqual({
      name: 'Sara Al Amri',
      phone: '+966 50 123 4567',
      email: 'sara@example.com',
      password: 'Secret123',
      password_confirmation: 'Secret123',
      user_type: 'developer',
      verification_method: 'email',
      language: 'en',
    });
    expect(getItem('user_email')).toBe('sara@example.com');
    expect(getItem('user_phone')).toBe('+966 50 123 4567');
    expect(getItem('auth_token')).toBeNull();
    expect(await screen.findByTestId('otp-target')).toHaveTextContent('s•••a@example.com');
    expect(screen.getByTestId('toast')).toHaveTextContent(
      'Account created. Please enter the verification code we sent you.',
    );
    // The code was just sent: resending waits a minute.
    expect(screen.getByTestId('otp-resend')).toBeDisabled();
    expect(screen.getByTestId('otp-resend')).toHaveTextContent(/Resend code in [01]:\d\d/);
  });

  it.each([
    ['Phone', 'phone', '/verification'],
    ['Both', 'both', '/verification-email'],
  ] as const)('verify by %s goes to %s', async (label, method, path) => {
    const calls = routeFetch(fetchMock, {
      'POST /api/auth/register': () =>
        ok(
          {
            user: {
              id: 7,
              name: 'Sara',
              email: 'sara@example.com',
              phone: '+966501234567',
              preferences: null,
              avatar: null,
            },
            verification: verificationFixture({ method }),
          },
          undefined,
          201,
        ),
    });
    const { router } = await openSignup();
    const user = await fill(valid, 'Retail');
    await user.click(screen.getByRole('radio', { name: label }));
    await submit();
    await waitFor(() => expect(router.state.location.pathname).toBe(path));
    expect(calls[0]?.body).toMatchObject({ verification_method: method });
  });

  it('shows the first server message of each field of a 422', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/register': () =>
        fail(422, {
          message: 'Validation failed',
          errors: {
            email: ['This email is already registered', 'Another message'],
            phone: ['This phone number is already registered'],
          },
        }),
    });
    const { router } = await openSignup();
    await fill(valid, 'Retail');
    await submit();
    await waitFor(() =>
      expect(input.email()).toHaveAccessibleDescription('This email is already registered'),
    );
    expect(input.phone()).toHaveAccessibleDescription('This phone number is already registered');
    expect(screen.queryByText('Another message')).not.toBeInTheDocument();
    expect(input.email()).toHaveFocus();
    expect(router.state.location.pathname).toBe('/signup');
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('translates server field messages', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/register': () =>
        fail(422, { message: 'Validation failed', errors: { email: ['This email is already registered'] } }),
    });
    await openSignup('/signup', 'ar');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('الاسم الكامل'), 'سارة العمري');
    await user.type(screen.getByLabelText('رقم الهاتف'), '٠٥٠١٢٣٤٥٦٧٨');
    await user.type(screen.getByRole('textbox', { name: 'البريد الإلكتروني' }), 'sara@example.com');
    await user.type(screen.getByLabelText('كلمة المرور'), 'Secret123');
    await user.type(screen.getByLabelText('تأكيد كلمة المرور'), 'Secret123');
    await user.click(screen.getByRole('radio', { name: 'عميل' }));
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByText('هذا البريد الإلكتروني مسجّل مسبقًا')).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ phone: '05012345678', language: 'ar' });
  });

  it('says what went wrong when the server fails', async () => {
    routeFetch(fetchMock, {
      'POST /api/auth/register': () =>
        fail(429, { message: 'Too many attempts. Please try again in 12 minutes.' }),
    });
    await openSignup();
    await fill(valid, 'Retail');
    await submit();
    expect(await screen.findByTestId('signup-error')).toHaveTextContent(
      'Too many attempts. Please try again in 12 minutes.',
    );
  });

  it('links to login, keeping the redirect', async () => {
    await openSignup('/signup?redirect=%2Fchat');
    expect(screen.getByTestId('signup-login-link')).toHaveAttribute('href', '/login?redirect=%2Fchat');
    expect(screen.getByTestId('linkedin-button')).toHaveTextContent('Continue with LinkedIn');
  });
});
