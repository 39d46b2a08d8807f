// `npm run dev`: the API on :3000 (restarts on change) and Vite on :5173 (hot reload, proxies /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '-w', '@makan/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '-w', '@makan/web'], { stdio: 'inherit' }),
];
const stop = (code) => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
};
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
