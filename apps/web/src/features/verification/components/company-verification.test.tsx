import type { FullUser } from '@makan/contract/auth';
import { TEXT } from '@makan/contract/texts';
import { VERIFICATION_DOCUMENT_MAX_BYTES, type Verification } from '@makan/contract/verification';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { commentFixture, postFixture } from '../../../test/post-fixtures.ts';
import { publicProfileFixture, riyadh } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';
import { documentProblem } from './company-verification-card.tsx';

/** Verified companies (issue 21): the badge, and a company's request on its own profile. */

const fetchMock = mockFetch();

const company = fullUserFixture({ user_type: 'developer', name: 'Al Noor Developments' });

function request(overrides: Partial<Verification> = {}): Verification {
  return {
    id: 4,
    status: 'pending',
    registration_number: '1010-123456',
    document_type: 'pdf',
    reason: null,
    created_at: '2026-11-20T10:00:00.000Z',
    decided_at: null,
    ...overrides,
  };
}

function ownProfile(user: FullUser, extra: Parameters<typeof routeFetch>[1] = {}) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/profile/full': () => ok({ user, posts: [] }),
    'GET /api/cities/1': () => ok(riyadh),
    ...extra,
  });
}

const pdf = (size = 2048, name = 'certificate.pdf') => {
  const file = new File(['%PDF-1.7'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the Verified company badge', () => {
  it('shows on a verified company’s profile, apart from the verified-account mark', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/profiles/12/full': () =>
        ok({ user: publicProfileFixture({ company_verified: true }), posts: [] }),
    });
    renderRoute('/user/12');
    const header = await screen.findByTestId('user-profile');
    expect(within(header).getByTestId('company-verified-badge')).toHaveTextContent('Verified company');
    expect(within(header).getByRole('img', { name: 'Verified account' })).toBeInTheDocument();
  });

  it('is absent for a company not verified', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/profiles/12/full': () =>
        ok({ user: publicProfileFixture({ company_verified: false }), posts: [] }),
    });
    renderRoute('/user/12');
    await screen.findByTestId('user-profile');
    expect(screen.queryByTestId('company-verified-badge')).not.toBeInTheDocument();
  });

  it('shows on a post card’s author line, in Arabic too', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/user': () => ok(fullUserFixture()),
      'GET /api/posts': () =>
        ok({
          posts: [postFixture({ user: { ...postFixture().user, company_verified: true } })],
          next_cursor: null,
        }),
    });
    localStorage.setItem('language', 'ar');
    renderRoute('/home', 'ar');
    const card = await screen.findByTestId('post-7');
    expect(within(card).getByTestId('company-verified-badge')).toHaveTextContent('شركة موثقة');
  });
  it('marks a verified company among comment authors by name', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/user': () => ok(fullUserFixture()),
      'GET /api/posts/7': () => ok(postFixture({ comments_count: 1 })),
      'GET /api/posts/7/comments': () =>
        ok({
          comments: [commentFixture({ user: { ...commentFixture().user, company_verified: true } })],
          next_cursor: null,
        }),
    });
    renderRoute('/post/7');
    const comment = await screen.findByTestId('comment-50');
    expect(within(comment).getByRole('img', { name: 'Verified company' })).toBeInTheDocument();
  });
});

describe('the company verification card', () => {
  it('is not shown to a retail account', async () => {
    const calls = ownProfile(fullUserFixture({ user_type: 'retail' }));
    renderRoute('/profile');
    await screen.findByTestId('own-profile');
    expect(screen.queryByTestId('company-verification-form')).not.toBeInTheDocument();
    expect(calls.some((c) => c.route === 'GET /api/company-verification')).toBe(false);
  });

  it('checks the fields, sends multipart and shows the pending state', async () => {
    let state: { company_verified: boolean; verification: Verification | null } = {
      company_verified: false,
      verification: null,
    };
    const calls = ownProfile(company, {
      'GET /api/company-verification': () => ok(state),
      'POST /api/company-verification': () => {
        state = { company_verified: false, verification: request() };
        return ok(state, TEXT.verificationRequested, 201);
      },
    });
    renderRoute('/profile');
    const form = await screen.findByTestId('company-verification-form');
    expect(screen.getByTestId('company-verification-status')).toHaveTextContent('not verified yet');
    const user = userEvent.setup({ applyAccept: false });

    await user.click(within(form).getByTestId('verification-submit'));
    expect(await within(form).findByText(TEXT.required)).toBeInTheDocument();
    expect(within(form).getByText(TEXT.verificationDocumentRequired)).toBeInTheDocument();

    await user.type(within(form).getByTestId('registration-number'), '1!');
    await user.upload(
      within(form).getByTestId('verification-document'),
      pdf(VERIFICATION_DOCUMENT_MAX_BYTES + 1),
    );
    await user.click(within(form).getByTestId('verification-submit'));
    expect(await within(form).findByText(TEXT.registrationNumberInvalid)).toBeInTheDocument();
    expect(within(form).getByText(TEXT.verificationDocumentTooLarge)).toBeInTheDocument();
    expect(calls.some((c) => c.route === 'POST /api/company-verification')).toBe(false);

    await user.clear(within(form).getByTestId('registration-number'));
    await user.type(within(form).getByTestId('registration-number'), ' 1010-123456 ');
    await user.upload(within(form).getByTestId('verification-document'), pdf());
    await user.click(within(form).getByTestId('verification-submit'));

    await waitFor(() => expect(calls.some((c) => c.route === 'POST /api/company-verification')).toBe(true));
    const sent = calls.find((c) => c.route === 'POST /api/company-verification')?.init?.body;
    expect(sent).toBeInstanceOf(FormData);
    const body = sent as FormData;
    expect(body.get('registration_number')).toBe('1010-123456');
    expect((body.get('document') as File).name).toBe('certificate.pdf');
    expect(await screen.findByText(TEXT.verificationRequested)).toBeInTheDocument();
    expect(screen.getByTestId('company-verification-status')).toHaveTextContent(
      'Request under review since November 20, 2026.',
    );
    expect(screen.queryByTestId('company-verification-form')).not.toBeInTheDocument();
  });

  it('shows the server’s field errors and its 409 in the catalogue’s words', async () => {
    let conflict = false;
    ownProfile(company, {
      // Another tab sent a request meanwhile: the 409 refreshes the state, which says so.
      'GET /api/company-verification': () =>
        ok({ company_verified: false, verification: conflict ? request() : null }),
      'POST /api/company-verification': () =>
        conflict
          ? fail(409, { message: TEXT.verificationPending, code: 'verificationPending' })
          : fail(422, {
              message: TEXT.verificationDocumentInvalid,
              errors: { document: [TEXT.verificationDocumentInvalid] },
              codes: { document: [{ code: 'verificationDocumentInvalid' }] },
            }),
    });
    renderRoute('/profile');
    const form = await screen.findByTestId('company-verification-form');
    const user = userEvent.setup({ applyAccept: false });
    await user.type(within(form).getByTestId('registration-number'), '1010123456');
    await user.upload(within(form).getByTestId('verification-document'), pdf());
    await user.click(within(form).getByTestId('verification-submit'));
    expect(await within(form).findByText(TEXT.verificationDocumentInvalid)).toBeInTheDocument();
    expect(within(form).getByTestId('verification-document')).toHaveAttribute('aria-invalid', 'true');

    conflict = true;
    await user.click(within(form).getByTestId('verification-submit'));
    expect(await screen.findByText(TEXT.verificationPending)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('company-verification-status')).toHaveAttribute('data-status', 'pending'),
    );
    expect(screen.getByText(TEXT.verificationPending)).toBeInTheDocument();
    expect(screen.queryByTestId('company-verification-form')).not.toBeInTheDocument();
  });

  it('shows a refusal with its reason and offers the form again, in Arabic', async () => {
    ownProfile(company, {
      'GET /api/company-verification': () =>
        ok({
          company_verified: false,
          verification: request({
            status: 'refused',
            reason: 'The certificate has expired',
            decided_at: '2026-11-22T10:00:00.000Z',
          }),
        }),
    });
    localStorage.setItem('language', 'ar');
    renderRoute('/profile', 'ar');
    const status = await screen.findByTestId('company-verification-status');
    expect(status).toHaveAttribute('data-status', 'refused');
    expect(status).toHaveTextContent('رُفض طلبك');
    expect(status).toHaveTextContent('The certificate has expired');
    expect(screen.getByTestId('company-verification-form')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'طلب التوثيق' })).toBeInTheDocument();
  });

  it('shows an approved company without the form, and its badge', async () => {
    ownProfile(
      { ...company, company_verified: true },
      {
        'GET /api/company-verification': () =>
          ok({ company_verified: true, verification: request({ status: 'approved' }) }),
      },
    );
    renderRoute('/profile');
    expect(await screen.findByTestId('company-verification-status')).toHaveTextContent(
      'Your company is verified.',
    );
    expect(screen.queryByTestId('company-verification-form')).not.toBeInTheDocument();
    expect(
      within(screen.getByTestId('profile-header')).getByTestId('company-verified-badge'),
    ).toBeInTheDocument();
  });
});

describe('documentProblem', () => {
  it('checks presence and size, and the kind as a hint only', () => {
    expect(documentProblem(null)).toEqual({ code: 'verificationDocumentRequired' });
    expect(documentProblem(pdf(VERIFICATION_DOCUMENT_MAX_BYTES + 1))).toEqual({
      code: 'verificationDocumentTooLarge',
    });
    expect(documentProblem(pdf())).toBeUndefined();
    expect(documentProblem(new File(['x'], 'scan.JPG', { type: '' }))).toBeUndefined();
    expect(documentProblem(new File(['x'], 'scan', { type: 'image/png' }))).toBeUndefined();
    // Nothing to go by: the server reads the bytes.
    expect(documentProblem(new File(['x'], 'scan', { type: '' }))).toBeUndefined();
    expect(documentProblem(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toEqual({
      code: 'verificationDocumentInvalid',
    });
  });
});
