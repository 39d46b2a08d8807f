// Runs before first paint so the page never flashes the wrong theme or direction.
// Mirrors lib/theme.ts and lib/i18n.ts; keep the storage keys in sync with lib/storage.ts.
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
  root.classList.toggle('dark', theme === 'dark');
  root.lang = language;
  root.dir = language === 'ar' ? 'rtl' : 'ltr';

  // The texts the app will import first for this reader (named by the build in meta tags): fetched now,
  // beside the app's own script, rather than after it has run.
  const preload = (name) => {
    const href = document.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
    if (!href) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = ''; // as the build's own module scripts and preloads, so the fetch is reused
    link.href = href;
    document.head.append(link);
  };
  if (language === 'ar') preload('makan-texts-ar');
  try {
    if (localStorage.getItem('auth_token')) preload(`makan-member-texts-${language}`);
  } catch {
    // No storage, no session.
  }
})();
