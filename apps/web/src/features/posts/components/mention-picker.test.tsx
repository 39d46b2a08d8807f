import type { MentionablePerson } from '@makan/contract/profiles';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LinkedText, mentionParts } from '../../../components/ui/linked-text.tsx';
import { ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { mockFetch, renderWithProviders, signIn } from '../../../test/render.tsx';
import { activeMention, insertMention, mentionedIds } from '../mention-text.ts';
import { CommentForm } from './comment-form.tsx';

/** Mentions (issue 22): the people picker in the comment box, and `@Name` shown as a link. */

const fetchMock = mockFetch();

const person = (id: number, name: string, is_following = false): MentionablePerson => ({
  id,
  name,
  picture: null,
  is_following,
});
const sara = person(21, 'Sara Al Amin', true);
const salem = person(22, 'Salem Odeh');
const sameer = person(23, 'سمير الخطيب');

function serve(people: (q: string) => MentionablePerson[]) {
  return routeFetch(fetchMock, {
    'GET /api/users/mentionable': (_body, _init, url) =>
      ok({ users: people(url.searchParams.get('q') ?? '') }),
    'POST /api/posts/7/comments': (body) =>
      ok(
        {
          id: 90,
          post_id: 7,
          parent_id: null,
          user: { id: 1, name: 'Me', picture: null, company_verified: false },
          comment: (body as { comment: string }).comment,
          created_at: new Date().toISOString(),
          updated_at: new Date().toISOString(),
          replies_count: 0,
          mentions: [],
        },
        'Comment added',
        201,
      ),
  });
}

function renderForm(language: 'en' | 'ar' = 'en') {
  signIn();
  return renderWithProviders(
    <MemoryRouter>
      <CommentForm postId={7} />
    </MemoryRouter>,
    language,
  );
}

describe('the text of a mention', () => {
  it('finds the @name being typed, names with spaces included, not an e-mail address or "@ "', () => {
    expect(activeMention('Hi @Sa', 6)).toEqual({ start: 3, query: 'Sa' });
    expect(activeMention('@Sara Al', 8)).toEqual({ start: 0, query: 'Sara Al' });
    expect(activeMention('ask @سا', 7)).toEqual({ start: 4, query: 'سا' });
    expect(activeMention('mail me@example.com', 19)).toBeUndefined();
    expect(activeMention('Hi @ there', 5)).toBeUndefined();
    expect(activeMention('Hi @1', 5)).toBeUndefined();
    expect(activeMention('@Sara\nnext', 10)).toBeUndefined();
    expect(activeMention('@Sara Al Amin is a broker', 25)).toBeUndefined();
  });

  it('puts the full name in place of what was typed, and sends only the people still named', () => {
    expect(insertMention('Hi @Sa and more', 3, 6, 'Sara Al Amin')).toEqual({
      text: 'Hi @Sara Al Amin  and more'.replace('  ', ' '),
      caret: 17,
    });
    expect(mentionedIds('Hi @Sara Al Amin', [sara, salem, sara])).toEqual([21]);
  });

  it('links each @Full Name to the profile, the longest name first', () => {
    expect(mentionParts('Hi @Sara Al Amin!', [person(1, 'Sara'), sara])).toEqual([
      { text: 'Hi ' },
      { text: '@Sara Al Amin', person: sara },
      { text: '!' },
    ]);
    renderWithProviders(
      <MemoryRouter>
        <p>
          <LinkedText text="Ask @Sara Al Amin, see https://makan.example" mentions={[sara]} />
        </p>
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: '@Sara Al Amin' })).toHaveAttribute('href', '/user/21');
    expect(screen.getByRole('link', { name: 'https://makan.example' })).toHaveAttribute('target', '_blank');
  });
});

describe('the people picker', () => {
  it('opens on @ and a letter, moves with the arrows, picks with Enter, closes with Escape, sends the ids', async () => {
    const calls = serve((q) => [sara, salem].filter((p) => p.name.toLowerCase().includes(q.toLowerCase())));
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByTestId('comment-input');
    await user.type(box, 'Ask @');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(box, 'Sa');
    const list = await screen.findByRole('listbox', { name: 'People to mention' });
    const options = within(list).getAllByRole('option');
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName('Sara Al Amin Following');
    expect(options[1]).toHaveAccessibleName('Salem Odeh');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(/2 people found/)).toBeInTheDocument();

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    expect(box).toHaveValue('Ask @Sara Al Amin ');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(box).toHaveFocus();

    // Escape closes the list and leaves the text as typed.
    await user.type(box, 'and @Sal');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('Ask @Sara Al Amin and @Sal');

    await user.click(screen.getByTestId('comment-submit'));
    await waitFor(() => expect(calls.some((c) => c.route === 'POST /api/posts/7/comments')).toBe(true));
    const sent = calls.find((c) => c.route === 'POST /api/posts/7/comments');
    expect(sent?.body).toEqual({ comment: 'Ask @Sara Al Amin and @Sal', mentions: [21] });
  });

  it('picks with the mouse, and keeps a name no longer in the text out of what is sent', async () => {
    const calls = serve(() => [sara, salem]);
    const user = userEvent.setup();
    renderForm();
    const box = screen.getByTestId('comment-input');
    await user.type(box, '@Sa');
    const list = await screen.findByRole('listbox');
    await user.click(within(list).getByText('Salem Odeh'));
    expect(box).toHaveValue('@Salem Odeh ');
    await user.clear(box);
    await user.type(box, 'no names here');
    await user.click(screen.getByTestId('comment-submit'));
    await waitFor(() => expect(calls.some((c) => c.route === 'POST /api/posts/7/comments')).toBe(true));
    expect(calls.find((c) => c.route === 'POST /api/posts/7/comments')?.body).toEqual({
      comment: 'no names here',
    });
  });

  it('works right to left: Arabic names, Arabic counts, the list starting where the text starts', async () => {
    serve(() => [sameer, sara]);
    const user = userEvent.setup();
    renderForm('ar');
    const box = screen.getByTestId('comment-input');
    await user.type(box, 'اسأل @سم');
    const list = await screen.findByRole('listbox', { name: 'أشخاص للإشارة إليهم' });
    expect(list.className).toContain('start-0');
    expect(list.className).not.toMatch(/\b(left|right)-/);
    expect(screen.getByText(/وُجد شخصان/)).toBeInTheDocument();
    expect(within(list).getAllByRole('option')[1]).toHaveTextContent('تتابعه');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('اسأل @سمير الخطيب ');
  });
});
