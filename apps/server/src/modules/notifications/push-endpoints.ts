/**
 * The push services of today's browsers (Chrome, Edge, Firefox, Safari). A subscription naming
 * another address is refused: otherwise any signed-in user could make the server POST to an
 * address of their choosing (an internal service, say) every time they are notified.
 */
const KNOWN_PUSH_SERVICES = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /^(?:[\w-]+\.)*push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^(?:[\w-]+\.)*notify\.windows\.com$/,
];

/**
 * Whether the server may send pushes to `endpoint`: a known push service over HTTPS on its
 * default port, or a host the deployment named itself (`PUSH_SERVICE_HOSTS`, e.g. a push service
 * of its own, or the tests' one on 127.0.0.1).
 */
export function pushEndpointAllowed(endpoint: string, extraHosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (extraHosts.includes(url.hostname)) return true;
  return (
    url.protocol === 'https:' && url.port === '' && KNOWN_PUSH_SERVICES.some((r) => r.test(url.hostname))
  );
}
