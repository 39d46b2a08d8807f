import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { sourceFile } from '../paths.ts';

/** s3rver's account: any other keys are refused, like a real service's. */
const ACCESS_KEY = 'S3RVER';

export type S3TestServer = {
  endpoint: string;
  bucket: string;
  /** The server's environment for a Makan process storing its media in this bucket. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/**
 * Starts an S3-protocol server (s3rver, in a child process) on a free port, with its objects in a
 * temporary folder and `bucket` made; `stop` ends it and deletes the folder. For tests of one process
 * or of several (each given `env`).
 */
export async function startS3Server({ bucket = 'makan-test' } = {}): Promise<S3TestServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'makan-s3-'));
  const child: ChildProcess = fork(sourceFile('test/s3-server-child.ts'), [], {
    execArgv: ['--openssl-legacy-provider', '--import', 'tsx'],
    env: { ...process.env, S3RVER_DIR: dir, S3RVER_BUCKETS: bucket },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve(z.object({ port: z.number() }).parse(message).port));
    void exited.then(() => reject(new Error('the S3 test server exited during start-up')));
  });
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORE: 's3',
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      // Closing waits for open connections; a test does not wait for that more than a few seconds.
      const hard = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(hard);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
