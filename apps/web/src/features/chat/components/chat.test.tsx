import { TEXT } from '@makan/contract/texts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fail, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import { conversationFixture, messageFixture, omar, pagination, sara } from '../../../test/chat-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';
import { setPresence } from '../state/presence.ts';
import { startTyping } from '../state/typing.ts';
import { chatStore } from '../store.ts';

const fetchMock = mockFetch();

afterEach(() => {
  chatStore.reset();
});

const now = new Date().toISOString();
const mine = (id: number, content: string) =>
  messageFixture({ id, sender_id: sara.id, sender: sara, content, created_at: now });
const theirs = (id: number, content: string) => messageFixture({ id, content, created_at: now });

function conversation(overrides = {}) {
  return conversationFixture({ latest_message: theirs(2, 'Is parking included?'), ...overrides });
}

function threadRoutes(extra: Parameters<typeof routeFetch>[1] = {}) {
  return routeFetch(fetchMock, {
    'GET /api/chat/conversations': () =>
      ok({
        conversations: [conversation({ other_last_read_message_id: 1 })],
        pagination: pagination({ per_page: 20 }),
      }),
    'GET /api/chat/conversations/10': () => ok(conversation({ other_last_read_message_id: 1 })),
    'GET /api/chat/conversations/10/messages': () =>
      ok({
        messages: [mine(1, 'Hello Omar'), theirs(2, 'Is parking included?')],
        pagination: pagination({ total: 2 }),
      }),
    'POST /api/chat/conversations/10/read': () =>
      ok({ conversation_id: 10, last_read_message_id: 2, message_ids: [2], unread_count: 0 }),
    ...extra,
  });
}

describe('conversation list', () => {
  it('shows the other person, the last message ("You: " for mine), its time and the unread count', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/chat/conversations': () =>
        ok({
          conversations: [
            conversationFixture({ id: 10, latest_message: mine(3, 'See you at 5'), unread_count: 0 }),
            conversationFixture({
              id: 11,
              other_participant: { ...omar, id: 3, name: 'Mona Fathy' },
              latest_message: messageFixture({
                id: 4,
                conversation_id: 11,
                sender_id: 3,
                content: 'مرحبا',
                created_at: now,
              }),
              unread_count: 2,
            }),
          ],
          pagination: pagination({ per_page: 20, total: 2 }),
        }),
    });
    renderRoute('/chat');
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByTestId('conversation-preview')).toHaveTextContent(
      'You: See you at 5',
    );
    expect(within(rows[1] as HTMLElement).getByText('مرحبا')).toHaveAttribute('dir', 'rtl');
    expect(within(rows[1] as HTMLElement).getByTestId('conversation-unread')).toHaveTextContent('2');
    expect(rows[1]).toHaveTextContent('2 unread messages');
    expect(screen.getByTestId('chat-pick')).toBeInTheDocument();
  });

  it('deletes the selected conversations after a confirmation', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      'GET /api/chat/conversations': () =>
        ok({ conversations: [conversation()], pagination: pagination({ per_page: 20, total: 1 }) }),
      'DELETE /api/chat/conversations': () => ok({ deleted: [10] }),
    });
    renderRoute('/chat');
    await screen.findByTestId('conversation-row');
    await userEvent.click(screen.getByTestId('chat-select-toggle'));
    await userEvent.click(
      screen.getByRole('checkbox', { name: `Select the conversation with ${omar.name}` }),
    );
    await userEvent.click(screen.getByTestId('chat-delete-selected'));
    await userEvent.click(await screen.findByTestId('confirm-delete-conversations'));
    await waitFor(() => expect(screen.queryByTestId('conversation-row')).not.toBeInTheDocument());
    expect(calls.find((c) => c.route === 'DELETE /api/chat/conversations')?.body).toEqual({
      conversation_ids: [10],
    });
  });
});

describe('thread', () => {
  it('opens a conversation: its messages, mine with ticks, and marks it read', async () => {
    signIn();
    const calls = threadRoutes();
    renderRoute('/chat/10');
    const messages = await screen.findAllByTestId('message');
    expect(messages).toHaveLength(2);
    expect(messages[0]).toHaveAttribute('data-mine', 'true');
    expect(within(messages[0] as HTMLElement).getByTestId('message-status')).toHaveAttribute(
      'data-status',
      'read',
    );
    expect(within(messages[1] as HTMLElement).getByTestId('message-text')).toHaveAttribute('dir', 'auto');
    expect(screen.getByText('Today')).toBeInTheDocument();
    await waitFor(() => expect(calls.map((c) => c.route)).toContain('POST /api/chat/conversations/10/read'));
  });

  it('reports their message from its menu, and offers no Report on mine (issue 21)', async () => {
    signIn();
    const calls = threadRoutes({ 'POST /api/reports': () => ok({ id: 4 }, TEXT.reportCreated, 201) });
    renderRoute('/chat/10');
    const [myMessage, theirMessage] = (await screen.findAllByTestId('message')) as HTMLElement[];
    if (!myMessage || !theirMessage) throw new Error('two messages expected');
    const user = userEvent.setup();
    await user.click(within(myMessage).getByTestId('message-menu-button'));
    expect(within(myMessage).getByTestId('message-menu')).toBeInTheDocument();
    expect(within(myMessage).queryByTestId('message-report')).toBeNull();
    await user.click(within(theirMessage).getByTestId('message-menu-button'));
    await user.click(within(theirMessage).getByTestId('message-report'));
    const dialog = await screen.findByTestId('report-dialog');
    expect(dialog).toHaveTextContent('Report this message');
    await user.click(within(dialog).getByRole('radio', { name: 'Harassment' }));
    await user.click(within(dialog).getByTestId('report-submit'));
    expect(await screen.findByText(TEXT.reportCreated)).toBeInTheDocument();
    expect(calls.find((c) => c.route === 'POST /api/reports')?.body).toEqual({
      target_type: 'message',
      target_id: 2,
      reason: 'harassment',
    });
  });

  it('sends at once (pending), then shows the stored message once, with the same client id', async () => {
    signIn();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = threadRoutes({
      'POST /api/chat/conversations/10/messages': async (body) => {
        await gate;
        const { client_id } = body as { client_id: string };
        return ok({ ...mine(3, 'Yes, two spaces'), client_id }, 'Message sent', 201);
      },
    });
    renderRoute('/chat/10');
    await screen.findAllByTestId('message');
    await userEvent.type(screen.getByTestId('composer-input'), 'Yes, two spaces{Enter}');
    const pending = await screen.findByText('Yes, two spaces');
    expect(
      within(pending.closest('[data-testid="message"]') as HTMLElement).getByTestId('message-status'),
    ).toHaveAttribute('data-status', 'pending');
    expect(screen.getByTestId('composer-input')).toHaveValue('');
    await act(async () => release());
    await waitFor(() =>
      expect(screen.getAllByTestId('message').at(-1)).toHaveAttribute('data-message-id', '3'),
    );
    expect(screen.getAllByText('Yes, two spaces')).toHaveLength(1);
    const body = calls.find((c) => c.route === 'POST /api/chat/conversations/10/messages')?.body;
    expect(body).toMatchObject({ content: 'Yes, two spaces', type: 'text' });
  });

  it('a failed message shows why, and Retry sends it again under the same client id', async () => {
    signIn();
    let attempts = 0;
    const calls = threadRoutes({
      'POST /api/chat/conversations/10/messages': (body) => {
        attempts += 1;
        if (attempts === 1)
          return fail(403, {
            message: 'The other person has left this conversation',
            code: 'conversationLeft',
          });
        return ok(
          { ...mine(3, 'Still there?'), client_id: (body as { client_id: string }).client_id },
          undefined,
          201,
        );
      },
    });
    renderRoute('/chat/10');
    await screen.findAllByTestId('message');
    await userEvent.type(screen.getByTestId('composer-input'), 'Still there?{Enter}');
    const failed = await screen.findByTestId('message-failed');
    expect(failed).toHaveTextContent('The other person has left this conversation');
    await userEvent.click(within(failed).getByTestId('message-retry'));
    await waitFor(() => expect(screen.queryByTestId('message-failed')).not.toBeInTheDocument());
    const posts = calls.filter((c) => c.route === 'POST /api/chat/conversations/10/messages');
    expect(posts).toHaveLength(2);
    const [first, second] = posts.map((c) => (c.body as { client_id: string }).client_id);
    expect(first).toMatch(/^[\w-]+$/);
    expect(second).toBe(first);
  });

  it('shows who is typing, and refuses files the chat does not take before uploading', async () => {
    signIn();
    threadRoutes();
    renderRoute('/chat/10');
    await screen.findAllByTestId('message');
    act(() =>
      chatStore.update((s) => startTyping(s, 10, { userId: omar.id, name: 'Omar' }, Date.now() + 5000)),
    );
    expect(screen.getByTestId('typing-indicator')).toHaveTextContent('Omar is typing…');
    const input = screen.getByTestId('composer-file-input');
    await userEvent.upload(input, new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' }), {
      applyAccept: false,
    });
    expect(screen.getByTestId('composer-error')).toHaveTextContent('File type not allowed');
  });

  it("refuses a text renamed .jpg in words, and shows a small real photo's size in bytes (issue 19)", async () => {
    signIn();
    threadRoutes();
    renderRoute('/chat/10');
    await screen.findAllByTestId('message');
    const input = screen.getByTestId('composer-file-input');
    await userEvent.upload(input, new File(['not a photo at all'], 'fake.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByTestId('composer-error')).toHaveTextContent(
      'Please choose a valid image (JPEG, PNG, WebP or GIF)',
    );
    expect(screen.queryByTestId('composer-file')).toBeNull();

    const png = new Uint8Array(300);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    await userEvent.upload(input, new File([png], 'tiny.png', { type: 'image/png' }));
    const chosen = await screen.findByTestId('composer-file');
    expect(chosen).toHaveTextContent('tiny.png');
    expect(chosen).toHaveTextContent(/300\sB/);
    expect(screen.queryByTestId('composer-error')).toBeNull();
  });

  it('says so when the conversation is not one of mine', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/chat/conversations': () =>
        ok({ conversations: [], pagination: pagination({ per_page: 20 }) }),
      'GET /api/chat/conversations/99': () => fail(404, { message: 'Conversation 99 not found' }),
    });
    renderRoute('/chat/99');
    expect(await screen.findByTestId('chat-not-found')).toHaveTextContent('Conversation not found');
  });
});

describe('a conversation with an account that was deleted (issue 20)', () => {
  it('shows "Deleted account" for the person and their messages, and no composer', async () => {
    signIn();
    const gone = messageFixture({
      id: 2,
      sender_id: null,
      sender: null,
      content: 'Is parking included?',
      created_at: now,
    });
    const ended = conversationFixture({ other_participant: null, is_active: false, latest_message: gone });
    routeFetch(fetchMock, {
      'GET /api/chat/conversations': () =>
        ok({ conversations: [ended], pagination: pagination({ per_page: 20 }) }),
      'GET /api/chat/conversations/10': () => ok(ended),
      'GET /api/chat/conversations/10/messages': () =>
        ok({ messages: [mine(1, 'Hello Omar'), gone], pagination: pagination({ total: 2 }) }),
      'POST /api/chat/conversations/10/read': () =>
        ok({ conversation_id: 10, last_read_message_id: 2, message_ids: [2], unread_count: 0 }),
    });
    renderRoute('/chat/10');
    const messages = await screen.findAllByTestId('message');
    expect(messages[1]).toHaveAttribute('data-mine', 'false');
    expect(within(messages[1] as HTMLElement).getByTestId('message-text')).toHaveTextContent(
      'Is parking included?',
    );
    expect(screen.getAllByText('Deleted account').length).toBeGreaterThan(0);
    expect(screen.getByTestId('chat-inactive')).toHaveTextContent(
      "This account was deleted. You can't send messages here.",
    );
    expect(screen.queryByTestId('composer-input')).not.toBeInTheDocument();
  });
});

describe('/chat/new', () => {
  it('?user= opens the conversation with that person directly', async () => {
    signIn();
    const calls = threadRoutes({ 'POST /api/chat/conversations': () => ok(conversation(), undefined, 201) });
    const { router } = renderRoute('/chat/new?user=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/10'));
    expect(calls.find((c) => c.route === 'POST /api/chat/conversations')?.body).toEqual({
      user_id: 2,
      type: 'private',
    });
    expect(await screen.findByTestId('thread-name')).toHaveTextContent(omar.name);
  });

  it("a post's Message button: the conversation opens with its first message in the box, not sent", async () => {
    signIn();
    const calls = threadRoutes({ 'POST /api/chat/conversations': () => ok(conversation(), undefined, 201) });
    const draft =
      "Hello, I'm interested in your listing “Office Space · Riyadh”: http://localhost:3000/post/7";
    const { router } = renderRoute('/chat/new?user=2', 'en', { draft });
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat/10'));
    const box = await screen.findByTestId('composer-input');
    await waitFor(() => expect(box).toHaveValue(draft));
    expect(box).toHaveFocus();
    // Used once: the history state no longer carries it (a reload after sending brings nothing back).
    await waitFor(() => expect(router.state.location.state).toBeNull());
    expect(calls.some((c) => c.route === 'POST /api/chat/conversations/10/messages')).toBe(false);
    await userEvent.type(box, ' Is it still free?{Enter}');
    await waitFor(() =>
      expect(calls.find((c) => c.route === 'POST /api/chat/conversations/10/messages')?.body).toMatchObject({
        content: `${draft} Is it still free?`,
      }),
    );
  });

  it('in Arabic, the list and the composer speak Arabic', async () => {
    signIn();
    threadRoutes();
    renderRoute('/chat/10', 'ar');
    await screen.findAllByTestId('message');
    expect(screen.getByTestId('composer-input')).toHaveAttribute('placeholder', 'اكتب رسالة…');
    expect(screen.getByText('اليوم')).toBeInTheDocument();
  });
});

describe('thread header presence (issue 19)', () => {
  it("shows the other person's presence, not my connection, and follows its changes", async () => {
    signIn();
    threadRoutes();
    renderRoute('/chat/10');
    expect(await screen.findByTestId('thread-name')).toHaveTextContent(omar.name);
    // Unknown yet (or hidden): nothing under the name.
    expect(screen.queryByTestId('chat-presence')).not.toBeInTheDocument();
    act(() =>
      chatStore.update((s) => setPresence(s, [{ user_id: omar.id, online: true, last_seen_at: null }])),
    );
    expect(await screen.findByTestId('chat-presence')).toHaveTextContent('Online');
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000 - 1000).toISOString();
    act(() =>
      chatStore.update((s) =>
        setPresence(s, [{ user_id: omar.id, online: false, last_seen_at: fiveMinutesAgo }]),
      ),
    );
    expect(screen.getByTestId('chat-presence')).toHaveTextContent('Last seen 5 minutes ago');
    act(() =>
      chatStore.update((s) => setPresence(s, [{ user_id: omar.id, online: false, last_seen_at: null }])),
    );
    expect(screen.queryByTestId('chat-presence')).not.toBeInTheDocument();
  });
});

describe('thread header: the Verified company badge (issue 21)', () => {
  it('shows the badge beside the name of a company the moderators verified', async () => {
    signIn();
    const verified = conversation({
      other_last_read_message_id: 1,
      other_participant: { ...omar, company_verified: true },
    });
    threadRoutes({
      'GET /api/chat/conversations': () =>
        ok({ conversations: [verified], pagination: pagination({ per_page: 20 }) }),
      'GET /api/chat/conversations/10': () => ok(verified),
    });
    renderRoute('/chat/10');
    expect(await screen.findByTestId('thread-name')).toHaveTextContent(omar.name);
    const badge = await screen.findByTestId('company-verified-badge');
    expect(badge).toHaveTextContent('Verified company');
    // In the header, inside the link to their profile.
    expect(badge.closest('a')).toHaveAttribute('href', `/user/${omar.id}`);
  });

  it('shows no badge for an account that is not a verified company', async () => {
    signIn();
    threadRoutes();
    renderRoute('/chat/10');
    expect(await screen.findByTestId('thread-name')).toHaveTextContent(omar.name);
    expect(screen.queryByTestId('company-verified-badge')).toBeNull();
  });
});
