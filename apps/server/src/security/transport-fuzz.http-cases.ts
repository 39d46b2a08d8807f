import fc from 'fast-check';

/**
 * The generated HTTP cases of `transport-fuzz.test.ts`: raw requests with spoiled headers, request
 * lines and body framing on every route family. Cases are written with placeholders
 * (`{token}`, `{conversation}`, `~~HUGE:70000:x~~`) filled in just before sending, so a failure
 * prints a readable counterexample that replays with the printed seed.
 */

/** What the placeholders stand for on the running server. */
export type World = {
  host: string;
  origin: string;
  token: string;
  conversation: number;
  /** A conversation the signed-in user takes no part in. */
  otherConversation: number;
  message: number;
  otherMessage: number;
  post: number;
  user: number;
  mediaPath: string;
  chatFilePath: string;
};

const HUGE = /~~HUGE:(\d+):(.+?)~~/gu;
export const huge = (n: number, c: string) => `~~HUGE:${n}:${c}~~`;

/** The case's text with its placeholders filled in (Latin-1: one character per byte on the wire). */
export function fill(text: string, w: World, length?: number): string {
  return text
    .replace(
      /\{(host|origin|token|conversation|otherConversation|message|otherMessage|post|user)\}/g,
      (_, key) => String(w[key as keyof World]),
    )
    .replace(/\{mediaPath\}/g, w.mediaPath)
    .replace(/\{chatFilePath\}/g, w.chatFilePath)
    .replace(/\{length\}/g, String(length ?? 0))
    .replace(HUGE, (_, n: string, c: string) =>
      c.repeat(Math.ceil(Number(n) / c.length)).slice(0, Number(n)),
    );
}

/** UTF-8 text as the Latin-1 string of its bytes, so it goes on the wire as UTF-8. */
export const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

// ---------------------------------------------------------------------------------------------
// Raw HTTP.

/** Every route family the server answers, with a valid request of each. */
export const FAMILIES = {
  'api read': { method: 'GET', targets: ['/api/posts?page=1', '/api/user', '/api/chat/conversations'] },
  'api write': {
    method: 'POST',
    targets: ['/api/chat/conversations/{conversation}/messages'],
    body: '{"content":"over raw http"}',
  },
  'api sign-in': {
    method: 'POST',
    targets: ['/api/auth/login'],
    body: '{"identifier":"nobody@example.com","password":"Wrong1234"}',
  },
  'static file': { method: 'GET', targets: ['/assets/index-fuzz1234.js', '/favicon.svg', '/index.html'] },
  'spa page': {
    method: 'GET',
    targets: [
      '/',
      '/home',
      '/post/{post}',
      '/chat/{conversation}',
      '/user/{user}',
      '/no-such-page',
      // Link previews look the post up: ids no row can have.
      '/post/99999999999999999999',
      '/post/-1',
      '/post/%31',
      '/post/1e3',
    ],
  },
  media: { method: 'GET', targets: ['{mediaPath}', '/media/post/00000000000000000000000000000000-480.webp'] },
  'chat file': {
    method: 'GET',
    targets: ['{chatFilePath}', '/api/chat/files/1?size=full&expires=1&signature=x'],
  },
  docs: { method: 'GET', targets: ['/api/docs', '/api/docs/json', '/api/docs/static/index.html'] },
  health: { method: 'GET', targets: ['/health/live', '/health/ready'] },
} satisfies Record<string, { method: string; targets: string[]; body?: string }>;
export type Family = keyof typeof FAMILIES;
export const FAMILY_NAMES = Object.keys(FAMILIES) as Family[];

export const HEADER_NAMES = [
  'origin',
  'host',
  'referer',
  'cookie',
  'authorization',
  'content-type',
  'content-length',
  'transfer-encoding',
  'accept-language',
  'x-forwarded-for',
  // What static files (and their compressed copies) read.
  'accept-encoding',
  'range',
  'if-none-match',
  'if-modified-since',
] as const;
type HeaderName = (typeof HEADER_NAMES)[number];

const GOOD: Record<HeaderName, string> = {
  origin: '{origin}',
  host: '{host}',
  referer: '{origin}/home',
  cookie: 'theme=dark',
  authorization: 'Bearer {token}',
  'content-type': 'application/json',
  'content-length': '{length}',
  'transfer-encoding': 'chunked',
  'accept-language': 'ar-SA,ar;q=0.9,en;q=0.8',
  'x-forwarded-for': '203.0.113.9',
  'accept-encoding': 'gzip, br',
  range: 'bytes=0-4',
  'if-none-match': '"x"',
  'if-modified-since': 'Thu, 01 Jan 2099 00:00:00 GMT',
};

const URLISH = [
  'null',
  '',
  ' ',
  'http://',
  'http://[::1',
  'http://exa mple.com',
  '://x',
  'file:///etc/passwd',
  'http://a:99999',
  'http://%zz',
  'http://\xff\xfe',
  'javascript:alert(1)',
  '{origin}, http://evil.example',
  'http://evil.example',
  '{origin}/path?q#f',
  'HTTP://{host}',
  'http://user:pass@{host}',
  'http://{host}.',
  'ws://{host}',
  '//evil.example',
  utf8('http://مكان.example'),
];

export const MALFORMED: Record<HeaderName, string[]> = {
  origin: URLISH,
  referer: [...URLISH, '{origin}/%zz', '{origin}/login?redirect=//evil.example'],
  host: [
    '',
    ' ',
    '[::1',
    'localhost:abc',
    'evil.example',
    '\xff\xfe',
    'localhost:99999',
    '@evil',
    'user@{host}',
    '{host}, evil.example',
    '{host}:80',
    '.',
    '%00',
    '[',
    ':',
    'HOST.EXAMPLE',
  ],
  cookie: [
    '',
    'a',
    '=',
    ';;;',
    'a=%zz',
    'token={token}',
    'a="unterminated',
    '\xff=\xff',
    '__proto__=x',
    'constructor=1; a=b=c',
    'a=1; a=2',
    'io=abc; sid=%00',
  ],
  authorization: [
    '',
    'Bearer',
    'Bearer ',
    'Bearer {token} extra',
    'Bearer {token}{token}',
    'Basic !!!',
    'Basic dXNlcjpwYXNz',
    'bearer {token}',
    'Bearer\t{token}',
    'Bearer \xff\xfe',
    'Bearer %00',
    'Bearer ../../',
    'Token {token}',
    'Bearer {token}, Bearer x',
    `Bearer ${huge(201, 'a')}`,
  ],
  'content-type': [
    '',
    'application/json; charset=utf-99',
    'application/json;;;',
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary="',
    'text/plain',
    '*/*',
    'application/x-www-form-urlencoded',
    'application/json; charset=latin1',
    'APPLICATION/JSON',
    'application/json, text/plain',
    'application/\xff',
    'application/json; boundary=--x',
    'application/octet-stream',
    'application/json; charset="',
  ],
  'content-length': [
    '-1',
    'abc',
    '1e3',
    '99999999999999999999',
    '0x10',
    ' 5',
    '5, 6',
    '',
    '1.5',
    '+5',
    '0',
    '1',
    '100000',
    '2000000',
  ],
  'transfer-encoding': [
    'chunked',
    'gzip',
    'chunked, chunked',
    'identity',
    'xchunked',
    'chunked\t',
    '',
    'gzip, chunked',
    'chunked, gzip',
    'CHUNKED',
    'deflate',
  ],
  'accept-language': [
    '',
    '*',
    'ar;q=abc',
    `xx-${huge(1000, 'y')}`,
    ',,,',
    'ar-SA;q=0.9, en;q=',
    '\xff\xfe',
    'ar',
    'AR',
    ' ar',
    utf8('عربي'),
    'en;q=1, ar;q=2',
  ],
  'x-forwarded-for': [
    '1.2.3.4',
    'not-an-ip',
    '',
    ', , ,',
    '::ffff:1.2.3.4',
    '999.999.999.999',
    '1.2.3.4, <script>',
    'unknown',
    '[::1]:80',
    '127.0.0.1',
    '1.2.3.4:5678',
    '\xff',
    'fe80::1%eth0',
    '1.2.3.4,,5.6.7.8',
    `${'1.2.3.4, '.repeat(500)}5.6.7.8`,
  ],
  'accept-encoding': [
    'br',
    'gzip',
    'gzip;q=abc',
    '*',
    'identity;q=0',
    'br;q=0, gzip;q=0, *;q=0',
    '',
    ',,,',
    '\xff',
  ],
  range: [
    'bytes=0-0',
    'bytes=-1',
    'bytes=999999999999999999999-',
    'bytes=5-1',
    `bytes=${'0-1,'.repeat(300)}0-1`,
    'bytes=abc',
    'items=0-1',
    'bytes=0-0,-1',
    'bytes=',
    '\xff',
  ],
  'if-none-match': ['*', '"abc"', 'W/"x"', ',,,', '\xff', '"', `"${huge(9000, 'e')}"`],
  'if-modified-since': ['not a date', '0', 'Thu, 01 Jan 1970 00:00:00 GMT', '9999-99-99', '\xff', '-1'],
};

/** Header-value bytes Node's parser lets through (tab, printable ASCII, obs-text), and some it refuses. */
export const headerJunk = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.oneof(fc.integer({ min: 0x20, max: 0x7e }), fc.integer({ min: 0x80, max: 0xff }), fc.constant(9)),
        {
          maxLength: 40,
        },
      )
      .map((codes) => String.fromCharCode(...codes)),
  },
  { weight: 1, arbitrary: fc.constantFrom('\x00', '\x7f', '\x01', 'a\rb', 'a\nb', '\x1b[31m') },
);

/** Sizes around Node's 16 KiB header limit and past the socket's 64 KB frame limit. */
const OVERSIZED = [4000, 9000, 16_500, 70_000];

export type HeaderMutation = {
  header: HeaderName;
  op: 'missing' | 'malformed' | 'duplicated' | 'oversized' | 'junk';
  value: string;
  upper: boolean;
};

function valueFor(header: HeaderName, op: HeaderMutation['op']): fc.Arbitrary<string> {
  if (op === 'missing') return fc.constant('');
  if (op === 'malformed') return fc.constantFrom(...MALFORMED[header]);
  if (op === 'duplicated') return fc.constantFrom(GOOD[header], ...MALFORMED[header]);
  if (op === 'oversized')
    return fc
      .tuple(fc.constantFrom(...OVERSIZED), fc.constantFrom('x', '\xff', ' ,'))
      .map(([n, c]) => huge(n, c));
  return headerJunk;
}

export const headerMutation: fc.Arbitrary<HeaderMutation> = fc
  .record({
    header: fc.constantFrom(...HEADER_NAMES),
    op: fc.constantFrom('missing', 'malformed', 'duplicated', 'oversized', 'junk'),
    upper: fc.boolean(),
  })
  .chain(({ header, op, upper }) => valueFor(header, op).map((value) => ({ header, op, value, upper })));

export type RawRequest = {
  method: string;
  target: string;
  version: string;
  headers: [string, string][];
  body: string;
  eol: string;
};

/** The valid request of a family's target, before any mutation. */
export function baseRequest(family: Family, target: string): RawRequest {
  const spec: { method: string; body?: string } = FAMILIES[family];
  const headers: [string, string][] = [
    ['Host', GOOD.host],
    ['Connection', 'close'],
    ['User-Agent', 'makan-transport-fuzz'],
  ];
  if (family.startsWith('api') || family === 'spa page') headers.push(['Authorization', GOOD.authorization]);
  if (spec.body !== undefined) {
    headers.push(['Content-Type', GOOD['content-type']], ['Content-Length', GOOD['content-length']]);
  }
  return { method: spec.method, target, version: 'HTTP/1.1', headers, body: spec.body ?? '', eol: '\r\n' };
}

export function mutateHeaders(request: RawRequest, mutations: HeaderMutation[]): RawRequest {
  let headers = [...request.headers];
  for (const m of mutations) {
    const name = m.upper ? m.header.toUpperCase() : m.header;
    const others = headers.filter(([k]) => k.toLowerCase() !== m.header);
    const own = headers.find(([k]) => k.toLowerCase() === m.header);
    if (m.op === 'missing') headers = others;
    else if (m.op === 'duplicated')
      headers = [...others, [own?.[0] ?? name, own?.[1] ?? GOOD[m.header]], [name, m.value]];
    else headers = [...others, [name, m.value]];
  }
  return { ...request, headers };
}

export function renderRequest(r: RawRequest, w: World): Buffer {
  const body = fill(r.body, w);
  const length = Buffer.byteLength(body, 'latin1');
  const head = [
    `${fill(r.method, w)} ${fill(r.target, w)}${r.version ? ` ${r.version}` : ''}`,
    ...r.headers.map(([k, v]) => (v === '\u0000NOCOLON' ? k : `${k}: ${fill(v, w, length)}`)),
  ];
  return Buffer.from(`${head.join(r.eol)}${r.eol}${r.eol}${body}`, 'latin1');
}

export const familyTarget = fc
  .constantFrom(...FAMILY_NAMES)
  .chain((family) => fc.constantFrom(...FAMILIES[family].targets).map((target) => ({ family, target })));

export const headerCase = fc.record({
  where: familyTarget,
  mutations: fc.array(headerMutation, { minLength: 1, maxLength: 4 }),
});

/** Ways to spoil a request target, by name (so a counterexample says which). */
export const TARGET_MANGLES: Record<string, (t: string) => string> = {
  'as is': (t) => t,
  'trailing %': (t) => `${t}%`,
  'bad escape': (t) => `${t}%zz`,
  'NUL escape': (t) => `${t}/%00`,
  'double slashes': (t) => t.replaceAll('/', '//'),
  'dot segments': (t) => `${t}/../../../../etc/passwd`,
  'encoded dots': () => '/%2e%2e/%2e%2e/etc/passwd',
  'overlong slash': (t) => `${t}/%c0%af..%c0%af`,
  'bad query escape': (t) => `${t}?%`,
  'latin-1 query': (t) => `${t}?a=%ff%fe&b=%u0041`,
  asterisk: () => '*',
  'absolute form': (t) => `http://evil.example${t}`,
  'own absolute form': (t) => `{origin}${t}`,
  fragment: (t) => `${t}#frag`,
  'long segment': (t) => `${t}/${huge(9000, 'a')}`,
  'huge query': (t) => `${t}?q=${huge(70_000, 'q')}`,
  backslashes: (t) => t.replaceAll('/', '\\'),
  'raw high bytes': (t) => `${t}\xff\xfe`,
  'raw utf-8': (t) => `${t}${utf8('/مكتب')}`,
  'path parameter': (t) => `${t};jsessionid=1`,
  'upper case': (t) => t.toUpperCase(),
  'dot tail': (t) => `${t}/./.././`,
  'encoded slashes': (t) => t.replaceAll('/', '/%2f'),
  empty: () => '',
  'no slash': () => 'no-slash',
  'double query': (t) => `${t}??&&==`,
  'array query': (t) => `${t}${t.includes('?') ? '&' : '?'}page[]=1&page[a]=2&__proto__[x]=1`,
};

/** Header lines no valid request has. */
const ODD_LINES: [string, string][] = [
  ['X-Odd ', '1'],
  ['X\x00Null', '1'],
  [' Folded', 'continuation'],
  ['NoColon', '\u0000NOCOLON'],
  ['Expect', '100-continue'],
  ['Expect', 'the unexpected'],
  ['Connection', 'keep-alive, Upgrade'],
  ['Upgrade', 'h2c'],
  ['', 'empty name'],
  ['X-Many', huge(17_000, 'm')],
];

export const requestLineCase = fc.record({
  where: familyTarget,
  method: fc.constantFrom(
    'GET',
    'HEAD',
    'POST',
    'OPTIONS',
    'PUT',
    'DELETE',
    'PATCH',
    'TRACE',
    'CONNECT',
    'PRI',
    'get',
    'FOO',
    'G\x00T',
    huge(300, 'M'),
  ),
  mangle: fc.constantFrom(...Object.keys(TARGET_MANGLES)),
  version: fc.constantFrom(
    'HTTP/1.1',
    'HTTP/1.0',
    'HTTP/2.0',
    'HTTP/0.9',
    'HTTP/1.1x',
    '',
    'http/1.1',
    'HTTP/9.9',
  ),
  eol: fc.constantFrom('\r\n', '\r\n', '\r\n', '\n'),
  odd: fc.option(fc.constantFrom(...ODD_LINES), { nil: undefined }),
});

/** How a body is framed: honest, lying, chunked in bad ways, or smuggling a second request. */
export const FRAMINGS = [
  'honest',
  'length too long',
  'length too short',
  'length zero',
  'chunked',
  'chunked bad size',
  'chunked huge size',
  'chunked negative size',
  'chunked no end',
  'chunked lf only',
  'chunked extension',
  'chunked trailer',
  'chunked and length',
  'chunked twice',
  'smuggled request',
  'pipelined',
  'body on get',
] as const;
export type Framing = (typeof FRAMINGS)[number];

const BODIES = [
  '{"content":"over raw http"}',
  '{"content":',
  '{"content":"\\u0000"}',
  '[]',
  '',
  utf8('{"content":"مرحبا 🏢"}'),
  '\xff\xfe{\x00"',
  `{"content":"${huge(70_000, 'x')}"}`,
  `{"content":"${huge(1_100_000, 'x')}"}`,
  '{"__proto__":{"isAdmin":true},"content":"x"}',
];

export const framingCase = fc.record({
  family: fc.constantFrom<Family>('api write', 'api sign-in', 'api read', 'static file', 'docs'),
  framing: fc.constantFrom(...FRAMINGS),
  body: fc.constantFrom(...BODIES),
});

/** The request of a framing case, as bytes (framing is about bytes, so it is rendered here). */
export function renderFraming(c: { family: Family; framing: Framing; body: string }, w: World): Buffer {
  const target = FAMILIES[c.family].targets[0] ?? '/';
  const body = fill(c.body, w);
  const n = Buffer.byteLength(body, 'latin1');
  const method = c.framing === 'body on get' ? 'GET' : FAMILIES[c.family].method === 'GET' ? 'POST' : 'POST';
  const head = [
    `${method} ${fill(target, w)} HTTP/1.1`,
    `Host: ${w.host}`,
    `Authorization: Bearer ${w.token}`,
    'Content-Type: application/json',
  ];
  const chunk = (size: string, data: string) => `${size}\r\n${data}\r\n`;
  const smuggled = `GET /api/user HTTP/1.1\r\nHost: ${w.host}\r\n\r\n`;
  const ready = `GET /health/ready HTTP/1.1\r\nHost: ${w.host}\r\nConnection: close\r\n\r\n`;
  let rest: string;
  switch (c.framing) {
    case 'honest':
    case 'body on get':
      rest = `Content-Length: ${n}\r\n\r\n${body}`;
      break;
    case 'length too long':
      rest = `Content-Length: ${n + 10}\r\n\r\n${body}`;
      break;
    case 'length too short':
      rest = `Content-Length: ${Math.max(0, n - 5)}\r\n\r\n${body}`;
      break;
    case 'length zero':
      rest = `Content-Length: 0\r\n\r\n${body}`;
      break;
    case 'chunked':
      rest = `Transfer-Encoding: chunked\r\n\r\n${chunk(n.toString(16), body)}0\r\n\r\n`;
      break;
    case 'chunked bad size':
      rest = `Transfer-Encoding: chunked\r\n\r\n${chunk('zz', body)}0\r\n\r\n`;
      break;
    case 'chunked huge size':
      rest = `Transfer-Encoding: chunked\r\n\r\n${chunk('ffffffffffffffff', body)}0\r\n\r\n`;
      break;
    case 'chunked negative size':
      rest = `Transfer-Encoding: chunked\r\n\r\n${chunk('-1', body)}0\r\n\r\n`;
      break;
    case 'chunked no end':
      rest = `Transfer-Encoding: chunked\r\n\r\n${chunk(n.toString(16), body)}`;
      break;
    case 'chunked lf only':
      rest = `Transfer-Encoding: chunked\r\n\r\n${n.toString(16)}\n${body}\n0\n\n`;
      break;
    case 'chunked extension':
      rest = `Transfer-Encoding: chunked\r\n\r\n${chunk(`${n.toString(16)};ext="\xff`, body)}0\r\n\r\n`;
      break;
    case 'chunked trailer':
      rest = `Transfer-Encoding: chunked\r\n\r\n${chunk(n.toString(16), body)}0\r\nX-Trailer: \xff\r\nContent-Length: 5\r\n\r\n`;
      break;
    case 'chunked and length':
      rest = `Content-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(n.toString(16), body)}0\r\n\r\n`;
      break;
    case 'chunked twice':
      rest = `Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n${chunk(n.toString(16), body)}0\r\n\r\n`;
      break;
    case 'smuggled request': {
      const chunked = `${chunk(n.toString(16), body)}0\r\n\r\n${smuggled}`;
      rest = `Content-Length: ${Buffer.byteLength(chunked, 'latin1')}\r\nTransfer-Encoding: chunked\r\n\r\n${chunked}`;
      break;
    }
    case 'pipelined':
      rest = `Content-Length: ${n}\r\n\r\n${body}${ready}`;
      break;
  }
  return Buffer.from(`${head.join('\r\n')}\r\n${rest}`, 'latin1');
}
