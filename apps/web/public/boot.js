// Runs before first paint so the page never flashes the wrong theme or direction.
// Mirrors lib/theme.ts and lib/i18n.ts; keep the storage keys in sync with lib/storage.ts and the
// cookie's name with LANGUAGE_COOKIE (packages/contract/src/cookies.ts).
(() => {
  const root = document.documentElement;
  let theme = 'light';
  let language = 'en';
  try {
    const storedTheme = localStorage.getItem('theme');
    if (storedTheme === 'dark' || storedTheme === 'light') theme = storedTheme;
    else if (localStorage.getItem('darkMode') === 'true') theme = 'dark';
    const storedLanguage = localStorage.getItem('language') || localStorage.getItem('locale');
    if (storedLanguage === 'ar' || storedLanguage === 'en') language = storedLanguage;
  } catch {
    // Storage can be unavailable (privacy modes); the defaults apply.
  }
  // The language the server sent the page in (a prerendered page's own), before it is set to the reader's.
  const servedLanguage = root.lang;
  root.classList.toggle('dark', theme === 'dark');
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';
  // The installable app's name and direction in the reader's language; the browser's bars in the
  // theme's colour (THEME_COLORS in lib/theme.ts: the header's background).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest-${language}.webmanifest`);
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', theme === 'dark' ? '#020617' : '#ffffff');
  // The server reads the language from this cookie to send pages prerendered in it (lib/i18n.ts,
  // setLanguageCookie): kept in step with the stored language.
  const cookie = `language=${language}`;
  if (!document.cookie.split('; ').includes(cookie)) {
    // biome-ignore lint/suspicious/noDocumentCookie: synchronous, and in every browser the app supports (cookieStore is neither).
    document.cookie = `${cookie}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }

  // The texts the app will import first for this reader (named by the build in meta tags): fetched
  // beside the app's own script, rather than after it has run.
  const preload = (href) => {
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = ''; // as the build's own module scripts and preloads, so the fetch is reused
    link.href = href;
    document.head.append(link);
  };
  const meta = (name) => document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  let signedIn = false;
  try {
    signedIn = Boolean(localStorage.getItem('auth_token'));
  } catch {
    // No storage, no session.
  }
  // The reads a signed-in page makes first (named by the build: app/early-reads.ts), asked for now with
  // the stored session, beside the page's scripts rather than after they have run; the app's first
  // request for the same address takes the answer (lib/early-reads.ts).
  if (signedIn) {
    try {
      const token = localStorage.getItem('auth_token');
      const reads = JSON.parse(meta('makan-early-reads') || '{}');
      const segments = location.pathname.replace(/\/+$/, '').split('/');
      for (const [route, specs] of Object.entries(reads)) {
        const parts = route.split('/');
        if (parts.length !== segments.length) continue;
        const params = {};
        const fits = parts.every((part, i) => {
          if (!part.startsWith(':')) return part === segments[i];
          params[part.slice(1)] = segments[i];
          return /^\d+$/.test(segments[i]);
        });
        if (!fits) continue;
        window.__makanEarlyReads = specs.map((spec) => {
          const url = spec.url.replace(/:(\w+)/g, (_, name) => params[name]);
          const headers = {
            Accept: 'application/json',
            'Accept-Language': language,
            Authorization: `Bearer ${token}`,
          };
          const response = fetch(url, { headers, credentials: 'same-origin' });
          // The page's largest photo, named in the answer: fetched now, ahead of everything, rather than
          // once the page's scripts have drawn it (it is the page's largest paint).
          response
            .then((answer) => (spec.image && answer.ok ? answer.clone().json() : undefined))
            .then((body) => {
              const src = spec.image?.split('.').reduce((value, key) => value?.[key], body);
              if (typeof src !== 'string' || !/^(\/[^/]|https?:\/\/)/.test(src)) return;
              const link = document.createElement('link');
              link.rel = 'preload';
              link.setAttribute('as', 'image');
              link.setAttribute('fetchpriority', 'high');
              link.href = src;
              document.head.append(link);
            })
            .catch(() => {}); // a failed read is asked again by the app
          return { url, token, language, at: performance.now(), response };
        });
        break;
      }
    } catch {
      // Nothing read early: the app asks as usual.
    }
  }
  const preloadTexts = () => {
    preload(meta(`makan-texts-${language}`));
    if (signedIn) preload(meta(`makan-member-texts-${language}`));
  };

  // A prerendered page (the server sends one for some routes: apps/web/vite.config.ts) names its
  // script in a meta tag instead of loading it: it paints from its HTML and stylesheet, and its
  // scripts, which only make it work, are fetched once it has painted, so they take none of the
  // bandwidth the first paint needs. React then hydrates the page (main.tsx).
  const entry = meta('makan-entry');
  if (!entry) {
    preloadTexts();
    return;
  }
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    // The page's own chunks (written by the server after this script, so read now).
    for (const module of document.querySelectorAll('meta[name="makan-module"]')) {
      preload(module.getAttribute('content'));
    }
    preloadTexts();
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    document.head.append(script);
  };
  // Before the app has hydrated it, a prerendered form must not be sent by the browser itself (Enter in
  // a field would send it to the page's own address, a password in the query string): the app sends it,
  // once it has hydrated the page (lib/shell.ts, useInteractive), so the Enter is not lost.
  document.addEventListener(
    'submit',
    (event) => {
      if (root.hasAttribute('data-interactive')) return;
      event.preventDefault();
      if (event.target instanceof HTMLFormElement) event.target.setAttribute('data-submit-pending', '');
    },
    true,
  );
  // A page in the other language (the cookie was missing or stale: the next page will be right), or
  // for the other kind of reader (a signed-in page for a visitor, the login form for someone signed
  // in), whose guard would send this one elsewhere at once: nothing of it is shown or typed into, and
  // the app draws the page afresh instead of hydrating it.
  const onlyFor = meta('makan-only-for');
  if (servedLanguage !== language || (onlyFor && onlyFor !== (signedIn ? 'signed-in' : 'signed-out'))) {
    document.addEventListener(
      'DOMContentLoaded',
      () => {
        const app = document.getElementById('root');
        app?.replaceChildren();
        app?.removeAttribute('data-shell-language');
        start();
      },
      { once: true },
    );
    return;
  }
  // After the first frame has painted; a tab in the background paints no frame, so a timer too.
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
