import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders } from '../../../test/render.tsx';
import { ContactForm } from './contact-form.tsx';

const fetchMock = mockFetch();

const valid = {
  'First name': 'Sara',
  'Last name': 'Al Amri',
  Email: 'sara@example.com',
  Phone: '+966 50 000 0000',
  Subject: 'Office in Riyadh',
  Message: 'I am looking for an office of 200 square metres.',
};

async function fill(values: Partial<typeof valid>) {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    await user.type(field, value);
  }
  return user;
}

const submit = () => userEvent.click(screen.getByRole('button', { name: 'Send message' }));

describe('contact form validation (spec §5)', () => {
  it('requires every field', async () => {
    renderWithProviders(<ContactForm />);
    await submit();
    expect(await screen.findAllByText('This field is required')).toHaveLength(6);
    for (const label of Object.keys(valid)) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('This field is required');
    }
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the email and the message length', async () => {
    renderWithProviders(<ContactForm />);
    await fill({ ...valid, Email: 'not-an-email', Message: 'Too short' });
    await submit();
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Must be at least 10 characters')).toBeInTheDocument();
    expect(screen.queryByText('This field is required')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses letters in the phone with the contract's words (issue 19)", async () => {
    renderWithProviders(<ContactForm />);
    await fill({ ...valid, Phone: 'abc' });
    await submit();
    expect(
      await screen.findByText('Phone number can only contain digits, spaces and + - ( )'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the messages in Arabic', async () => {
    renderWithProviders(<ContactForm />, 'ar');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('البريد الإلكتروني'), 'nope');
    await user.type(screen.getByLabelText('الرسالة'), 'short');
    await user.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    expect(await screen.findAllByText('هذا الحقل مطلوب')).toHaveLength(4);
    expect(screen.getByText('يُرجى إدخال بريد إلكتروني صالح')).toBeInTheDocument();
    expect(screen.getByText('يجب ألا يقل عدد الأحرف عن 10')).toBeInTheDocument();
  });
});

describe('contact form submission', () => {
  it('posts to /api/contact, shows the server message and resets', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(201, { status: true, message: 'Thank you! Your message has been sent.', data: { id: 1 } }),
    );
    renderWithProviders(<ContactForm />);
    await fill(valid);
    await submit();
    expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      firstName: 'Sara',
      lastName: 'Al Amri',
      email: 'sara@example.com',
      phone: '+966 50 000 0000',
      subject: 'Office in Riyadh',
      message: 'I am looking for an office of 200 square metres.',
    });
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('shows the server field errors of a 422, the first per field', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        status: false,
        message: 'Validation failed',
        errors: {
          email: ['Please enter a valid email address', 'Another message'],
          message: ['Must be at least 10 characters'],
        },
      }),
    );
    renderWithProviders(<ContactForm />);
    await fill(valid);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fix the errors below');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Please enter a valid email address');
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Must be at least 10 characters');
    expect(screen.queryByText('Another message')).not.toBeInTheDocument();
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('says so when sending fails', async () => {
    fetchMock.mockResolvedValue(jsonResponse(500, { status: false, message: 'Server error' }));
    renderWithProviders(<ContactForm />);
    await fill(valid);
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to send message. Please try again.');
    expect(screen.getByLabelText('First name')).toHaveValue('Sara');
  });

  it('asks to check the input on a 400', async () => {
    fetchMock.mockResolvedValue(jsonResponse(400, { status: false, message: 'Bad request' }));
    renderWithProviders(<ContactForm />);
    await fill(valid);
    await submit();
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Please check your input and try again.'),
    );
  });
});
