/**
 * `npm run admin -- grant <email>` / `npm run admin -- revoke <email>`: makes an account an admin of
 * the moderation console, or a member again (issue 21). The first admin can only be made here; admins
 * then grant and revoke moderators in the console. The change is written to the audit log as done
 * from the command line.
 *
 * Uses the same configuration as the server (DATA_DIR, DATABASE_URL). With the embedded database,
 * stop the server first: one process at a time opens its folder (this waits for it otherwise).
 */
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createModerationRepository } from '../modules/moderation/moderation.repository.ts';
import { createUsersRepository } from '../modules/users/users.repository.ts';
import { runAsScript } from './run-as-script.ts';

const USAGE = 'usage: npm run admin -- grant <email> | revoke <email>';

export async function runAdminCommand(args: string[], env: Record<string, string | undefined> = process.env) {
  const [command, rawEmail] = args;
  if ((command !== 'grant' && command !== 'revoke') || !rawEmail) return { code: 2, out: USAGE };
  const email = rawEmail.trim().toLowerCase();
  const config = loadConfig(env);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'db') });
  try {
    await database.migrate();
    const users = createUsersRepository(database.db);
    const moderation = createModerationRepository(database.db);
    const user = await users.findByEmail(email);
    if (!user) return { code: 1, out: `no account with the email ${email}` };
    const now = new Date();
    const role = command === 'grant' ? 'admin' : 'member';
    await moderation.setRole(user.id, role, now);
    await moderation.audit({
      action: command === 'grant' ? 'grant_admin' : 'revoke_moderator',
      moderatorId: null,
      moderatorName: 'command line',
      targetType: 'user',
      targetId: user.id,
      targetUserId: user.id,
      reason: null,
      createdAt: now,
    });
    return { code: 0, out: `${email} (id ${user.id}) is now ${role === 'admin' ? 'an admin' : 'a member'}` };
  } finally {
    await database.close();
  }
}

await runAsScript(import.meta.url, runAdminCommand);
