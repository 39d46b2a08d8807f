import type { Notification } from '@makan/contract/notifications';
import { TEXT } from '@makan/contract/texts';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { realtime } from '../../../lib/realtime.ts';
import { fail, ok, routeFetch } from '../../../test/auth-fixtures.ts';
import {
  actor,
  noorActor,
  notificationFixture as notification,
  omarActor,
  saraActor,
} from '../../../test/notification-fixtures.ts';
import { mockFetch, renderRoute, signIn } from '../../../test/render.tsx';

/** Notifications (issue 22): the header's bell and the /notifications page. */

// The app's one Socket.IO connection (lib/realtime.ts) made over a fake socket the test fires events on.
const sockets = vi.hoisted(() => {
  type Handler = (...args: unknown[]) => void;
  const made: Array<ReturnType<typeof fake>> = [];
  function fake() {
    const handlers = new Map<string, Set<Handler>>();
    return {
      active: true,
      connected: false,
      on(event: string, handler: Handler) {
        handlers.set(event, (handlers.get(event) ?? new Set()).add(handler));
      },
      off(event: string, handler: Handler) {
        handlers.get(event)?.delete(handler);
      },
      removeAllListeners: () => handlers.clear(),
      disconnect: () => {},
      connect: () => {},
      io: { on: () => {}, removeAllListeners: () => {} },
      listens: (event: string) => (handlers.get(event)?.size ?? 0) > 0,
      fire(event: string, ...args: unknown[]) {
        for (const handler of handlers.get(event) ?? []) handler(...args);
      },
    };
  }
  return {
    made,
    io: () => {
      const socket = fake();
      made.push(socket);
      return socket;
    },
  };
});
vi.mock('socket.io-client', () => ({ io: sockets.io }));

const fetchMock = mockFetch();

afterEach(() => {
  realtime.disconnect();
  sockets.made.length = 0;
});

/** Opens the connection as the chat does (signed in), and waits for the bell's code to listen on it. */
async function liveSocket() {
  act(() => {
    realtime.connect();
  });
  const socket = sockets.made.at(-1);
  if (!socket) throw new Error('no socket');
  await waitFor(() => expect(socket.listens('NotificationsChanged')).toBe(true));
  return socket;
}

function page(notifications: Notification[], next_cursor: string | null = null, unread_count = 0) {
  return ok({ notifications, next_cursor, unread_count });
}

const grouped: Notification[] = [
  notification({ id: 1, actors: [saraActor], actors_count: 1 }),
  notification({ id: 2, actors: [saraActor, omarActor], actors_count: 2 }),
  notification({ id: 3, actors: [saraActor, omarActor, noorActor], actors_count: 4 }),
  notification({ id: 4, actors: [saraActor, omarActor, noorActor], actors_count: 3 }),
  notification({ id: 5, actors: [saraActor, omarActor, noorActor], actors_count: 12 }),
  notification({
    id: 6,
    kind: 'comment',
    comment_id: 30,
    excerpt: 'Is parking included?',
    link: '/comment/12/30',
    read: true,
  }),
  notification({ id: 7, kind: 'reply', excerpt: 'Yes, two spaces', link: '/comment/12/31', read: true }),
  notification({ id: 8, kind: 'follow', post_id: null, link: '/user/3', read: true }),
  notification({
    id: 9,
    kind: 'message',
    post_id: null,
    conversation_id: 5,
    excerpt: 'مرحبا',
    link: '/chat/5',
    read: true,
  }),
  notification({
    id: 10,
    kind: 'moderation',
    actors: [],
    actors_count: 0,
    outcome: 'removed',
    excerpt: 'Misleading price',
    link: '/settings',
    read: true,
  }),
  notification({ id: 11, kind: 'moderation', actors: [], actors_count: 0, outcome: 'report_handled' }),
  notification({
    id: 12,
    kind: 'moderation',
    actors: [],
    actors_count: 0,
    outcome: 'warned',
    excerpt: 'Spam',
  }),
  notification({ id: 13, kind: 'moderation', actors: [], actors_count: 0, outcome: 'restored' }),
];

const item = (id: number) => screen.getByTestId(`notification-${id}`);

describe('the bell', () => {
  it('shows the unread count from the server and follows NotificationsChanged, the reconnects and the focus', async () => {
    signIn();
    let unread = 3;
    const calls = routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: unread }),
    });
    renderRoute('/about');
    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent('3'));
    expect(bell).toHaveAttribute('href', '/notifications');
    expect(bell).toHaveAccessibleName('Notifications, 3 unread');

    const socket = await liveSocket();
    act(() => socket.fire('NotificationsChanged', { unread_count: 120, notification: null }));
    await waitFor(() => expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent('99+'));
    expect(bell).toHaveAccessibleName('Notifications, 120 unread');
    // A payload the contract does not describe changes nothing.
    act(() => socket.fire('NotificationsChanged', { unread_count: 'many' }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(bell).toHaveAccessibleName('Notifications, 120 unread');

    // Events sent while the socket was away are lost: a (re)connect asks for the count again.
    const asked = () => calls.filter((c) => c.route === 'GET /api/notifications/unread-count').length;
    const before = asked();
    unread = 0;
    act(() => socket.fire('connect'));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument());
    expect(bell).toHaveAccessibleName('Notifications');
    expect(asked()).toBe(before + 1);

    unread = 7;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 7 unread'));
    act(() => focusManager.setFocused(undefined));
  });

  it('keeps what arrived over the socket while a read of the same was on its way (the read is asked again)', async () => {
    signIn();
    // The server's state: nothing unread, then a like (the event says 1).
    let unread = 0;
    let list: Notification[] = [];
    // A read held on its way: it answers what the server had when it was asked.
    const held: Array<() => void> = [];
    let holdNext = false;
    const answer = (make: () => Response) => {
      if (!holdNext) return make();
      holdNext = false;
      const response = make();
      return new Promise<Response>((resolve) => held.push(() => resolve(response)));
    };
    routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => answer(() => ok({ unread_count: unread })),
      'GET /api/notifications': () => answer(() => page(list, null, unread)),
    });
    renderRoute('/notifications');
    const bell = await screen.findByTestId('notifications-bell');
    await screen.findByTestId('notifications-page');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications'));
    const socket = await liveSocket();

    // A reconnect reads the count again; the like is stored and told while that read is on its way.
    holdNext = true;
    act(() => socket.fire('connect'));
    await waitFor(() => expect(held).toHaveLength(1));
    const liked = notification({ id: 40, actors: [saraActor], actors_count: 1 });
    unread = 1;
    list = [liked];
    act(() => socket.fire('NotificationsChanged', { unread_count: 1, notification: liked }));
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 1 unread'));
    // The older answer lands after the event: the count stays, and the list keeps the like.
    act(() => {
      for (const release of held.splice(0)) release();
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent('1');
    expect(item(40)).toBeInTheDocument();

    // The list read on its way when the event comes: its page (and the count it carries) are older.
    holdNext = true;
    const second = notification({ id: 41, kind: 'follow', post_id: null, link: '/user/3' });
    act(() => socket.fire('connect'));
    await waitFor(() => expect(held.length).toBeGreaterThan(0));
    unread = 2;
    list = [second, liked];
    act(() => socket.fire('NotificationsChanged', { unread_count: 2, notification: second }));
    act(() => {
      for (const release of held.splice(0)) release();
    });
    await waitFor(() => expect(item(41)).toBeInTheDocument());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(bell).toHaveAccessibleName('Notifications, 2 unread');
    expect(item(41)).toBeInTheDocument();
    expect(item(40)).toBeInTheDocument();
  });

  it('counts in Arabic, with the plural form of the count', async () => {
    signIn();
    routeFetch(fetchMock, { 'GET /api/notifications/unread-count': () => ok({ unread_count: 2 }) });
    renderRoute('/about', 'ar');
    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(bell).toHaveAccessibleName('الإشعارات، إشعاران غير مقروءين'));
    expect(within(bell).getByTestId('notifications-badge')).toHaveTextContent(
      new Intl.NumberFormat('ar').format(2),
    );
  });

  it('is not there for a visitor', async () => {
    routeFetch(fetchMock, {});
    renderRoute('/about');
    await screen.findByTestId('wordmark');
    expect(screen.queryByTestId('notifications-bell')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith(
      expect.stringContaining('/notifications/unread-count'),
      expect.anything(),
    );
  });
});

describe('the notifications page', () => {
  it('says each kind in English, grouping the people: one, two, or the first and the others', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 7 }),
      'GET /api/notifications': () => page(grouped, null, 7),
    });
    renderRoute('/notifications');
    await screen.findByTestId('notification-1');
    expect(screen.getByTestId('notifications-page')).toHaveTextContent('Notifications');
    expect(document.title).toBe('Notifications · Makan');
    expect(item(1)).toHaveTextContent('Sara liked your listing');
    expect(item(2)).toHaveTextContent('Sara and Omar liked your listing');
    expect(item(3)).toHaveTextContent('Sara and 3 others liked your listing');
    expect(item(4)).toHaveTextContent('Sara and 2 others liked your listing');
    expect(item(5)).toHaveTextContent('Sara and 11 others liked your listing');
    expect(item(6)).toHaveTextContent('Sara commented on your listing');
    expect(within(item(6)).getByTestId('notification-excerpt')).toHaveTextContent('Is parking included?');
    expect(item(7)).toHaveTextContent('Sara replied to your comment');
    expect(item(7)).toHaveTextContent('Yes, two spaces');
    expect(item(8)).toHaveTextContent('Sara started following you');
    expect(item(9)).toHaveTextContent('Sara sent you a message');
    expect(within(item(9)).getByTestId('notification-excerpt')).toHaveAttribute('dir', 'auto');
    expect(item(10)).toHaveTextContent('A moderator removed your content');
    expect(item(10)).toHaveTextContent('Reason: Misleading price');
    expect(item(11)).toHaveTextContent('Your report was reviewed. Thank you.');
    expect(item(12)).toHaveTextContent('A moderator sent you a warning');
    expect(item(12)).toHaveTextContent('Spam');
    expect(item(13)).toHaveTextContent('Your account was restored');
    // The time through Intl / the plural forms; each leads where the server says.
    expect(item(1)).toHaveTextContent('5 minutes ago');
    expect(item(6)).toHaveAttribute('href', '/comment/12/30');
    expect(item(10)).toHaveAttribute('href', '/settings');
    // Unread ones are marked: the attribute, a dot, and words for screen readers.
    expect(item(1)).toHaveAttribute('data-read', 'false');
    expect(within(item(1)).getByTestId('notification-dot')).toBeInTheDocument();
    expect(item(1)).toHaveTextContent('Unread Sara liked your listing');
    expect(item(6)).toHaveAttribute('data-read', 'true');
    expect(within(item(6)).queryByTestId('notification-dot')).not.toBeInTheDocument();
    // Listed in the server's order.
    const ids = within(screen.getByTestId('notifications-list'))
      .getAllByRole('link')
      .map((link) => link.dataset.testid);
    expect(ids).toEqual(grouped.map((n) => `notification-${n.id}`));
  });

  it('says them in Arabic, with the plural forms of the others', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 7 }),
      'GET /api/notifications': () =>
        page(
          [
            ...grouped,
            notification({ id: 14, actors: [saraActor, omarActor], actors_count: 101 }),
            notification({ id: 15, actors: [actor(6, 'سارة')], actors_count: 1, kind: 'follow' }),
          ],
          null,
          7,
        ),
    });
    renderRoute('/notifications', 'ar');
    await screen.findByTestId('notification-1');
    const n = (value: number) => new Intl.NumberFormat('ar').format(value);
    expect(item(1)).toHaveTextContent('أُعجب Sara بإعلانك');
    expect(item(2)).toHaveTextContent('أُعجب Sara وOmar بإعلانك');
    // 3 others (few), 2 others (two), 11 others (many), 100 others (other).
    expect(item(3)).toHaveTextContent(`أُعجب Sara و${n(3)} أشخاص آخرين بإعلانك`);
    expect(item(4)).toHaveTextContent('أُعجب Sara وشخصان آخران بإعلانك');
    expect(item(5)).toHaveTextContent(`أُعجب Sara و${n(11)} شخصًا آخر بإعلانك`);
    expect(item(14)).toHaveTextContent(`أُعجب Sara و${n(100)} شخص آخر بإعلانك`);
    expect(item(6)).toHaveTextContent('علّق Sara على إعلانك');
    expect(item(7)).toHaveTextContent('ردّ Sara على تعليقك');
    expect(item(8)).toHaveTextContent('بدأ Sara بمتابعتك');
    expect(item(9)).toHaveTextContent('أرسل إليك Sara رسالة');
    expect(item(10)).toHaveTextContent('أزال أحد المشرفين محتوى لك');
    expect(item(10)).toHaveTextContent('السبب: Misleading price');
    expect(item(11)).toHaveTextContent('تمت مراجعة بلاغك. شكرًا لك.');
    expect(item(12)).toHaveTextContent('أرسل إليك أحد المشرفين تحذيرًا');
    expect(item(13)).toHaveTextContent('تمت استعادة حسابك');
    expect(item(15)).toHaveTextContent('بدأ سارة بمتابعتك');
    // A name keeps its own direction inside the sentence.
    expect(within(item(15)).getByText('سارة').tagName).toBe('BDI');
    expect(item(1)).toHaveTextContent(`منذ ${n(5)} دقائق`);
    expect(screen.getByTestId('notifications-mark-all')).toHaveTextContent('تعليم الكل كمقروء');
  });

  it('marks one read at once on click, then goes where it leads', async () => {
    signIn();
    let answer: (response: Response) => void = () => {};
    const calls = routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 2 }),
      'GET /api/notifications': () =>
        page([notification({ id: 5, link: '/post/12' }), notification({ id: 6, link: '/post/13' })], null, 2),
      'POST /api/notifications/5/read': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
      'GET /api/posts/12': () => new Promise<Response>(() => {}),
    });
    const { router, queryClient } = renderRoute('/notifications');
    const bell = await screen.findByTestId('notifications-bell');
    await waitFor(() => expect(bell).toHaveAccessibleName('Notifications, 2 unread'));

    await userEvent.click(await screen.findByTestId('notification-5'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/12'));
    expect(calls.map((c) => c.route)).toContain('POST /api/notifications/5/read');
    // Before the server has answered, the badge already counts one less.
    expect(bell).toHaveAccessibleName('Notifications, 1 unread');
    act(() => answer(ok(notification({ id: 5, link: '/post/12', read: true }))));
    await waitFor(() =>
      expect(
        queryClient
          .getQueryData<{ pages: { notifications: Notification[] }[] }>(['notifications', 'list'])
          ?.pages[0]?.notifications.map((n) => n.read),
      ).toEqual([true, false]),
    );
  });

  it('puts the read mark and the count back when the server refuses', async () => {
    signIn();
    let refused = false;
    routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 1 }),
      'GET /api/notifications': () => page([notification({ id: 5, link: '/notifications' })], null, 1),
      'POST /api/notifications/5/read': () => {
        refused = true;
        return fail(404, { message: TEXT.notificationNotFound });
      },
    });
    renderRoute('/notifications');
    await userEvent.click(await screen.findByTestId('notification-5'));
    await waitFor(() => expect(refused).toBe(true));
    await waitFor(() => expect(item(5)).toHaveAttribute('data-read', 'false'));
    expect(screen.getByTestId('notifications-bell')).toHaveAccessibleName('Notifications, 1 unread');
  });

  it('marks all read: the badge goes, every item reads as read, the server says so', async () => {
    signIn();
    const calls = routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 2 }),
      'GET /api/notifications': () =>
        page(
          [notification({ id: 1 }), notification({ id: 2 }), notification({ id: 3, read: true })],
          null,
          2,
        ),
      'POST /api/notifications/read-all': () => ok({ unread_count: 0 }, TEXT.notificationsAllRead),
    });
    renderRoute('/notifications');
    await screen.findByTestId('notification-1');
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2'));
    await userEvent.click(screen.getByTestId('notifications-mark-all'));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument());
    for (const id of [1, 2, 3]) expect(item(id)).toHaveAttribute('data-read', 'true');
    expect(screen.queryByTestId('notification-dot')).not.toBeInTheDocument();
    expect(await screen.findByText('All notifications marked as read')).toBeInTheDocument();
    expect(calls.filter((c) => c.route === 'POST /api/notifications/read-all')).toHaveLength(1);
    expect(screen.getByTestId('notifications-mark-all')).toBeDisabled();
  });

  it('loads more with the next cursor until there is no more', async () => {
    signIn();
    const cursors: Array<string | null> = [];
    routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 0 }),
      'GET /api/notifications': (_body, _init, url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        expect(url.searchParams.get('per_page')).toBe('20');
        return cursor === '1764158400000_41'
          ? page([notification({ id: 40, read: true })], null)
          : page([notification({ id: 41, read: true })], '1764158400000_41');
      },
    });
    renderRoute('/notifications');
    await screen.findByTestId('notification-41');
    await userEvent.click(screen.getByTestId('notifications-more'));
    await screen.findByTestId('notification-40');
    expect(cursors).toEqual([null, '1764158400000_41']);
    expect(screen.queryByTestId('notifications-more')).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    signIn();
    routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 0 }),
      'GET /api/notifications': () => page([]),
    });
    renderRoute('/notifications');
    expect(await screen.findByTestId('notifications-empty')).toHaveTextContent('No notifications yet');
    expect(screen.queryByTestId('notifications-mark-all')).not.toBeInTheDocument();
  });

  it('shows a failure with Retry, which asks again', async () => {
    signIn();
    let failing = true;
    routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: 0 }),
      'GET /api/notifications': () =>
        failing ? fail(500, { message: 'Server Error' }) : page([notification()]),
    });
    renderRoute('/notifications');
    const failure = await screen.findByTestId('load-failure');
    expect(failure).toHaveTextContent('Notifications could not be loaded');
    failing = false;
    await userEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('notification-1')).toBeInTheDocument();
  });

  it('puts a notification arriving over the socket in its place (the top), and a grown group moves up', async () => {
    signIn();
    let unread = 1;
    const minute = (m: number) => new Date(Date.UTC(2026, 10, 27, 9, m)).toISOString();
    const at = (m: number) => ({ created_at: minute(m), updated_at: minute(m) });
    const calls = routeFetch(fetchMock, {
      'GET /api/notifications/unread-count': () => ok({ unread_count: unread }),
      'GET /api/notifications': () =>
        page(
          [notification({ id: 1, ...at(10) }), notification({ id: 2, kind: 'follow', read: true, ...at(5) })],
          null,
          unread,
        ),
    });
    renderRoute('/notifications');
    await screen.findByTestId('notification-1');
    const socket = await liveSocket();
    const order = () =>
      within(screen.getByTestId('notifications-list'))
        .getAllByRole('link')
        .map((link) => link.dataset.testid);

    act(() =>
      socket.fire('NotificationsChanged', {
        unread_count: 2,
        notification: notification({ id: 3, kind: 'comment', excerpt: 'Still available?', ...at(20) }),
      }),
    );
    await waitFor(() => expect(order()).toEqual(['notification-3', 'notification-1', 'notification-2']));
    expect(item(3)).toHaveTextContent('Sara commented on your listing');
    expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2');

    act(() =>
      socket.fire('NotificationsChanged', {
        unread_count: 3,
        notification: notification({
          id: 2,
          kind: 'follow',
          actors: [omarActor, saraActor],
          actors_count: 2,
          created_at: minute(5),
          updated_at: minute(30),
        }),
      }),
    );
    await waitFor(() => expect(order()).toEqual(['notification-2', 'notification-3', 'notification-1']));
    expect(item(2)).toHaveTextContent('Omar and Sara started following you');
    expect(item(2)).toHaveAttribute('data-read', 'false');

    // Two sent at once may arrive in either order: one older than the top goes to its place, not above it.
    act(() =>
      socket.fire('NotificationsChanged', {
        unread_count: 4,
        notification: notification({ id: 4, kind: 'comment', excerpt: 'Is parking included?', ...at(25) }),
      }),
    );
    await waitFor(() =>
      expect(order()).toEqual(['notification-2', 'notification-4', 'notification-3', 'notification-1']),
    );

    // None with it: some were read (elsewhere) or taken back; the list is read again.
    const listed = () => calls.filter((c) => c.route === 'GET /api/notifications').length;
    const before = listed();
    unread = 0;
    act(() => socket.fire('NotificationsChanged', { unread_count: 0, notification: null }));
    await waitFor(() => expect(listed()).toBe(before + 1));
    await waitFor(() => expect(screen.queryByTestId('notifications-badge')).not.toBeInTheDocument());
  });
});
