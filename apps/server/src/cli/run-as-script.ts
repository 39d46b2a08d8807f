import path from 'node:path';

/**
 * Runs a command-line module's `command` with the script's arguments when that module is the script
 * node was started with (not when a test imports it), prints what it answered (to stderr when it
 * failed) and exits with its code.
 */
export async function runAsScript(
  moduleUrl: string,
  command: (args: string[]) => Promise<{ code: number; out: string }>,
): Promise<void> {
  if (!process.argv[1] || !moduleUrl.endsWith(path.basename(process.argv[1]))) return;
  const { code, out } = await command(process.argv.slice(2));
  (code === 0 ? process.stdout : process.stderr).write(`${out}\n`);
  process.exit(code);
}
