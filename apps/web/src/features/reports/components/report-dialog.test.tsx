import { REPORT_REASONS } from '@makan/contract/moderation';
import { TEXT } from '@makan/contract/texts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fail, fullUserFixture, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { commentFixture, postFixture } from '../../../test/post-fixtures.ts';
import { publicProfileFixture } from '../../../test/profile-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** Reporting a post or an account (issue 21). */

const fetchMock = mockFetch();

function answerPost(report: (body: unknown) => Response, post = postFixture()) {
  signIn();
  return routeFetch(fetchMock, {
    'GET /api/user': () => ok(fullUserFixture()),
    'GET /api/posts': () => ok({ posts: [post], next_cursor: null }),
    'GET /api/posts/7': () => ok(post),
    'GET /api/posts/7/comments': () => ok({ comments: [], next_cursor: null }),
    'POST /api/reports': report,
  });
}

async function openDialog() {
  const card = await screen.findByTestId('post-7');
  await userEvent.click(await within(card).findByRole('button', { name: 'Report this post by Noor Haddad' }));
  return screen.findByTestId('report-dialog');
}

describe('the Report dialog', () => {
  it("offers the members' reasons only, never the server's signals", async () => {
    answerPost(() => ok({ id: 1 }, TEXT.reportCreated, 201));
    renderRoute('/post/7');
    const dialog = await openDialog();
    const labels = within(dialog)
      .getAllByRole('radio')
      .map((radio) => radio.closest('label')?.textContent);
    expect(labels).toHaveLength(REPORT_REASONS.length);
    expect(labels).not.toContain('Photo also in another listing');
    expect(labels).not.toContain('Many listings from a new account');
  });

  it('asks for a reason, then for details when the reason is "Something else", before sending', async () => {
    const calls = answerPost(() => ok({ id: 1 }, TEXT.reportCreated, 201));
    renderRoute('/post/7');
    const dialog = await openDialog();
    expect(dialog).toHaveTextContent('Report this listing');
    const user = userEvent.setup();
    await user.click(within(dialog).getByTestId('report-submit'));
    expect(await within(dialog).findByText(TEXT.reportReasonRequired)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Something else' }));
    await user.click(within(dialog).getByTestId('report-submit'));
    expect(await within(dialog).findByText(TEXT.reportDetailsRequired)).toBeInTheDocument();
    expect(calls.filter((c) => c.route === 'POST /api/reports')).toHaveLength(0);

    await user.type(
      within(dialog).getByRole('textbox', { name: 'Details' }),
      'The agent asked for a deposit',
    );
    await user.click(within(dialog).getByTestId('report-submit'));
    expect(await screen.findByText(TEXT.reportCreated)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('report-dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.route === 'POST /api/reports')?.body).toEqual({
      target_type: 'post',
      target_id: 7,
      reason: 'other',
      details: 'The agent asked for a deposit',
    });
  });

  it('says so when the post was already reported (409)', async () => {
    answerPost(() => fail(409, { message: TEXT.reportDuplicate, code: 'reportDuplicate' }));
    renderRoute('/home');
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Fraud or scam' }));
    await user.click(within(dialog).getByTestId('report-submit'));
    expect(await within(dialog).findByTestId('report-error')).toHaveTextContent(TEXT.reportDuplicate);
  });

  it("shows the server's field message in its words", async () => {
    answerPost(() =>
      fail(422, {
        message: 'The given data was invalid.',
        errors: { details: [TEXT.reportDetailsRequired] },
        codes: { details: ['reportDetailsRequired'] },
      }),
    );
    renderRoute('/home');
    const dialog = await openDialog();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('radio', { name: 'Spam' }));
    await user.click(within(dialog).getByTestId('report-submit'));
    expect(await within(dialog).findByText(TEXT.reportDetailsRequired)).toBeInTheDocument();
  });

  it('is not offered on my own posts', async () => {
    answerPost(
      () => ok({ id: 1 }),
      postFixture({
        is_owner: true,
        user_id: 1,
        user: { id: 1, name: 'Sara', picture: null, company_verified: false },
      }),
    );
    renderRoute('/home');
    const card = await screen.findByTestId('post-7');
    expect(within(card).getByTestId('post-edit')).toBeInTheDocument();
    expect(within(card).queryByTestId('report-post')).toBeNull();
  });

  it('reports an account from its profile, in Arabic', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      'GET /api/profiles/12/full': () => ok({ user: publicProfileFixture(), posts: [] }),
      'POST /api/reports': () => ok({ id: 3 }, TEXT.reportCreated, 201),
    });
    renderRoute('/user/12', 'ar');
    await screen.findByTestId('user-profile');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'الإبلاغ عن Al Noor Developments' }));
    const dialog = await screen.findByTestId('report-dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'مضايقة' }));
    await user.click(within(dialog).getByRole('button', { name: 'إرسال البلاغ' }));
    expect(await screen.findByText('شكرًا لك. سيراجع المشرفون بلاغك.')).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/reports')?.body).toEqual({
      target_type: 'user',
      target_id: 12,
      reason: 'harassment',
    });
  });

  it("reports someone else's comment, not mine", async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      'GET /api/user': () => ok(fullUserFixture()),
      'GET /api/posts/7': () => ok(postFixture({ comments_count: 2 })),
      'GET /api/posts/7/comments': () =>
        ok({
          comments: [
            commentFixture(),
            commentFixture({
              id: 51,
              user: { id: 1, name: 'Sara Al Amri', picture: null, company_verified: false },
              comment: 'Yes',
            }),
          ],
          next_cursor: null,
        }),
      'POST /api/reports': () => ok({ id: 5 }, TEXT.reportCreated, 201),
    });
    renderRoute('/post/7');
    const theirs = await screen.findByTestId('comment-50');
    expect(within(await screen.findByTestId('comment-51')).queryByTestId('report-comment')).toBeNull();
    const user = userEvent.setup();
    await user.click(within(theirs).getByRole('button', { name: 'Report this comment by Noor Haddad' }));
    const dialog = await screen.findByTestId('report-dialog');
    expect(dialog).toHaveTextContent('Report this comment');
    await user.click(within(dialog).getByRole('radio', { name: 'Offensive content' }));
    await user.click(within(dialog).getByTestId('report-submit'));
    expect(await screen.findByText(TEXT.reportCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/reports')?.body).toEqual({
      target_type: 'comment',
      target_id: 50,
      reason: 'offensive',
    });
  });
});
