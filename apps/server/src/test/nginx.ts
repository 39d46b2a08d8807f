import { type ChildProcess, spawn } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, until } from './server-process.ts';

/** Debian's nginx (package `nginx`), or undefined when it is not installed. */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));

/** Who runs nginx when the test runs as root: nobody, so the load balancer has no privilege. */
const NOBODY = 65534;

export type LoadBalancer = {
  base: string;
  /** nginx's access log: `$request_id $upstream_addr $status "$request"` a line. */
  accessLog: () => string;
  errorLog: () => string;
  stop: () => Promise<void>;
};

/**
 * nginx in front of `ports` on 127.0.0.1, as production would have it (docs/operations.md): round
 * robin with no stickiness, WebSocket upgrade, X-Forwarded-For and X-Request-Id set, passive health
 * checks (a node that fails is left out for `failTimeout`), and a failed idempotent request tried on
 * the next node. A non-root process with its config, logs and temporary files in a folder of its own.
 */
export async function startNginx(ports: number[], { failTimeout = '2s' } = {}): Promise<LoadBalancer> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install -y nginx)');
  const dir = mkdtempSync(path.join(tmpdir(), 'makan-nginx-'));
  for (const sub of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(dir, sub));
  const port = await freePort();
  const file = (name: string) => path.join(dir, name);
  writeFileSync(
    file('nginx.conf'),
    `worker_processes 1;
error_log ${file('error.log')} warn;
events { worker_connections 1024; }
http {
  log_format makan '$request_id $upstream_addr $status "$request"';
  access_log ${file('access.log')} makan;
  client_body_temp_path ${file('client_body')};
  proxy_temp_path ${file('proxy')};
  fastcgi_temp_path ${file('fastcgi')};
  uwsgi_temp_path ${file('uwsgi')};
  scgi_temp_path ${file('scgi')};
  client_max_body_size 50m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream makan {
${ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=${failTimeout};`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://makan;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      # Non-idempotent requests (POST) go to the next node only when they never reached the first.
      proxy_next_upstream error timeout http_502 http_503;
      proxy_next_upstream_tries 3;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`,
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    for (const p of [dir, ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(file)])
      chownSync(p, NOBODY, NOBODY);
  }
  const child: ChildProcess = spawn(
    nginxBinary,
    [
      '-p',
      dir,
      '-c',
      file('nginx.conf'),
      '-e',
      file('error.log'),
      '-g',
      `daemon off; pid ${file('nginx.pid')};`,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'], ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) },
  );
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  process.once('exit', () => child.kill('SIGKILL'));
  const read = (name: string) => (existsSync(file(name)) ? readFileSync(file(name), 'utf8') : '');
  const base = `http://127.0.0.1:${port}`;
  try {
    await until(
      'nginx to listen',
      async () => {
        if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}${read('error.log')}`);
        await fetch(`${base}/health/live`);
        return true;
      },
      10_000,
    );
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${String(error)}\n${stderr}${read('error.log')}`);
  }
  return {
    base,
    accessLog: () => read('access.log'),
    errorLog: () => read('error.log'),
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const hard = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(hard);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
