/**
 * The cookie that carries the reader's language (`en` | `ar`) to the server, so it sends the pages it has
 * prerendered in that language. The web app sets it beside the language it stores (localStorage, which the
 * server cannot read). A module of its own: the web's first load takes this name and nothing else.
 */
export const LANGUAGE_COOKIE = 'language';
