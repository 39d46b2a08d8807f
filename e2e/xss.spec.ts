import { TEXT } from '@makan/contract/texts';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { codeFromOutbox } from './outbox.ts';
import { makePng } from './png.ts';
import { logIn } from './support.ts';

/**
 * Issue 8: user-written text carrying script payloads is shown as text everywhere it appears (feed,
 * post, comment page, profile, companies, chat): no dialog opens, no element of the payload reaches
 * the DOM, no request leaves for an address the payload names, and the page's own policy is never
 * violated.
 */

const PASSWORD = 'Secret123';
const PAYLOADS = ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '"><svg onload=alert(1)>'];
/** One string with every payload, tagged so each place's copy is told apart. */
const hostile = (where: string) => `${where}: ${PAYLOADS.join(' ')} end`;

/** Names take letters and spaces only: digits of the run's stamp become letters. */
const letters = (digits: string) => [...digits].map((d) => String.fromCharCode(97 + Number(d))).join('');

async function api(
  request: APIRequestContext,
  token: string | undefined,
  method: string,
  url: string,
  data?: object,
) {
  const res = await request.fetch(url, {
    method,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(data ? { data } : {}),
  });
  return res;
}

/** Registers, verifies and onboards a new account through the API; answers its id, email and token. */
async function newAccount(
  request: APIRequestContext,
  { name, userType, stamp }: { name: string; userType: 'retail' | 'developer'; stamp: string },
) {
  const email = `xss.${userType}.${stamp}@example.com`;
  const register = await api(request, undefined, 'POST', '/api/auth/register', {
    name,
    email,
    phone: `+96656${stamp.slice(-6)}${userType === 'developer' ? 2 : 1}`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    user_type: userType,
    verification_method: 'email',
  });
  expect(register.status(), await register.text()).toBe(201);
  const code = await codeFromOutbox(email);
  const verify = await api(request, undefined, 'POST', '/api/auth/verify-otp', {
    identifier: email,
    code,
    type: 'registration',
  });
  expect(verify.ok()).toBe(true);
  const login = await api(request, undefined, 'POST', '/api/auth/login', {
    identifier: email,
    password: PASSWORD,
  });
  expect(login.ok()).toBe(true);
  const { token, user } = (await login.json()).data as { token: string; user: { id: number } };
  const cities = await (await api(request, token, 'GET', '/api/cities?q=Riyadh')).json();
  const onboarded = await api(request, token, 'POST', '/api/onboarding/preferences', {
    purpose: 'rent',
    property_types: ['office'],
    preferred_locations: [cities.data[0].id],
  });
  expect(onboarded.ok(), await onboarded.text()).toBe(true);
  return { id: user.id, email, token };
}

/** Records what a page does that an injected script would: dialogs, foreign requests, CSP reports. */
function watch(page: Page, origin: string) {
  const seen = { dialogs: [] as string[], requests: [] as string[], violations: [] as string[] };
  page.on('dialog', async (dialog) => {
    seen.dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol === 'data:' || url.protocol === 'blob:') return;
    // Same origin only, and never the payload's relative "x" (an <img src=x> would fetch /x or /post/x).
    // The build's own chunks may be named after a component (assets/alert-….js); no payload writes there.
    const payloadLike = /alert/i.test(decodeURIComponent(url.href)) && !url.pathname.startsWith('/assets/');
    if (url.origin !== origin || /\/x$/.test(url.pathname) || payloadLike) {
      seen.requests.push(request.url());
    }
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.violations.push(message.text());
  });
  page.on('pageerror', (err) => seen.violations.push(err.message));
  return seen;
}

/** Nothing of the payloads in the DOM as elements or attributes. */
async function expectNoInjection(page: Page) {
  const found = await page.evaluate(() => {
    const hits: string[] = [];
    for (const element of Array.from(document.querySelectorAll('*'))) {
      for (const attribute of Array.from(element.attributes)) {
        // React never writes inline event handlers; any there came from a payload.
        if (/^on/i.test(attribute.name)) hits.push(`${element.tagName} ${attribute.name}`);
        if (/^\s*javascript:/i.test(attribute.value))
          hits.push(`${element.tagName} ${attribute.name}=javascript:`);
      }
    }
    for (const image of Array.from(document.querySelectorAll('img'))) {
      if (image.getAttribute('src') === 'x') hits.push('img[src=x]');
    }
    for (const script of Array.from(document.querySelectorAll('script'))) {
      if (!script.src || /alert/.test(script.textContent ?? ''))
        hits.push(`script ${script.outerHTML.slice(0, 60)}`);
    }
    for (const svg of Array.from(document.querySelectorAll('svg'))) {
      if (svg.hasAttribute('onload')) hits.push('svg[onload]');
    }
    return hits;
  });
  expect(found).toEqual([]);
}

test('script payloads in posts, comments, replies, bios, links, file names and chat render as text', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const origin = new URL(baseURL ?? 'http://127.0.0.1:3100').origin;
  const stamp = `${Date.now()}`.slice(-7);
  const request = page.request;

  // Names and links cannot carry markup at all: the API refuses them with the spec's texts.
  const refusedName = await api(request, undefined, 'POST', '/api/auth/register', {
    name: '<img src=x onerror=alert(1)>',
    email: `xss.name.${stamp}@example.com`,
    phone: `+96657${stamp}`,
    password: PASSWORD,
    password_confirmation: PASSWORD,
    user_type: 'developer',
  });
  expect(refusedName.status()).toBe(422);
  expect((await refusedName.json()).errors.name).toEqual([TEXT.nameLetters]);

  const authorName = `Xss Author ${letters(stamp)}`;
  const companyName = `Xss Company ${letters(stamp)}`;
  const author = await newAccount(request, { name: authorName, userType: 'retail', stamp });
  const company = await newAccount(request, { name: companyName, userType: 'developer', stamp });

  for (const name of [PAYLOADS[0], PAYLOADS[2]]) {
    const res = await api(request, company.token, 'POST', '/api/profile', { name });
    expect(res.status()).toBe(422);
    expect((await res.json()).errors.name).toEqual([TEXT.nameLetters]);
  }
  const jsLink = await api(request, author.token, 'POST', '/api/profile', { link: 'javascript:alert(1)' });
  expect(jsLink.status()).toBe(422);
  expect((await jsLink.json()).errors.link).toEqual([TEXT.invalidLink]);

  // What can carry them: bios, an http(s) link that tries to break out of its attribute, a post's
  // text and free-text location, a photo's file name, comments, replies, chat messages and files.
  const texts = {
    bio: hostile('bio'),
    companyBio: hostile('company bio'),
    description: hostile('post'),
    location: `location ${PAYLOADS[0]}`,
    comment: hostile('comment'),
    reply: hostile('reply'),
    chat: hostile('chat'),
    caption: hostile('caption'),
  };
  const link = 'https://evil.example/"><svg/onload=alert(1)>';
  const bio = await api(request, author.token, 'POST', '/api/profile', { bio: texts.bio, link });
  expect(bio.ok(), await bio.text()).toBe(true);
  const companyBio = await api(request, company.token, 'POST', '/api/profile', { bio: texts.companyBio });
  expect(companyBio.ok()).toBe(true);

  const created = await request.post('/api/posts', {
    headers: { authorization: `Bearer ${author.token}` },
    multipart: {
      description: texts.description,
      property_type: 'office',
      location: texts.location,
      'media[]': {
        name: '<img src=x onerror=alert(1)>.png',
        mimeType: 'image/png',
        buffer: makePng(320, 240),
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const postId: number = (await created.json()).data.id;
  const comment = await api(request, author.token, 'POST', `/api/posts/${postId}/comments`, {
    comment: texts.comment,
  });
  expect(comment.status(), await comment.text()).toBe(201);
  const commentId: number = (await comment.json()).data.id;
  const reply = await api(request, company.token, 'POST', `/api/posts/${postId}/comments`, {
    comment: texts.reply,
    parent_id: commentId,
  });
  expect(reply.status(), await reply.text()).toBe(201);

  const opened = await api(request, author.token, 'POST', '/api/chat/conversations', { user_id: company.id });
  expect(opened.ok()).toBe(true);
  const conversationId: number = (await opened.json()).data.id;
  const sent = await api(
    request,
    company.token,
    'POST',
    `/api/chat/conversations/${conversationId}/messages`,
    {
      content: texts.chat,
    },
  );
  expect(sent.status(), await sent.text()).toBe(201);
  const fileName = '<img src=x onerror=alert(1)>.txt';
  const file = await request.post(`/api/chat/conversations/${conversationId}/files`, {
    headers: { authorization: `Bearer ${company.token}` },
    multipart: {
      message: texts.caption,
      file: { name: fileName, mimeType: 'text/html', buffer: Buffer.from('<script>alert(1)</script>') },
    },
  });
  expect(file.status(), await file.text()).toBe(201);

  // Now look at every page that shows them, signed in as the author.
  const seen = watch(page, origin);
  await logIn(page, author.email, 'en', PASSWORD);

  const visits: { url: string; shows: string[]; ready?: () => Promise<void> }[] = [
    { url: '/home', shows: [texts.description, texts.location] },
    { url: `/post/${postId}`, shows: [texts.description, texts.comment] },
    { url: `/comment/${postId}/${commentId}`, shows: [texts.comment, texts.reply] },
    { url: '/profile', shows: [texts.bio, authorName] },
    { url: `/user/${author.id}`, shows: [texts.bio, authorName] },
    { url: `/user/${company.id}`, shows: [texts.companyBio, companyName] },
    {
      url: '/companies',
      shows: [companyName, texts.companyBio],
      ready: () => page.getByTestId('companies-search').fill(companyName),
    },
    { url: `/chat/${conversationId}`, shows: [texts.chat, texts.caption, fileName] },
    { url: '/chat', shows: [companyName] },
  ];
  for (const visit of visits) {
    await test.step(visit.url, async () => {
      await page.goto(visit.url);
      await visit.ready?.();
      for (const text of visit.shows) {
        await expect(page.getByText(text, { exact: false }).first(), `${visit.url}: ${text}`).toBeVisible({
          timeout: 10_000,
        });
      }
      if (visit.url === '/profile' || visit.url === `/user/${author.id}`) {
        // The link is an attribute value, escaped whole: nothing broke out of it.
        await expect(page.getByTestId('profile-link')).toHaveAttribute('href', link);
      }
      await expectNoInjection(page);
      expect(seen.dialogs, visit.url).toEqual([]);
      expect(seen.requests, visit.url).toEqual([]);
      expect(seen.violations, visit.url).toEqual([]);
    });
  }
});
