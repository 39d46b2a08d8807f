import { normalizePhone } from '@makan/contract/identifier';
import type { PasswordHasher } from '../../lib/password.ts';
import type { UsersRepository } from './users.repository.ts';

/** The password of every demo account (README): demo data is for local use; production runs with SEED=none. */
export const DEMO_PASSWORD = 'Demo1234';

const DEMO_USERS = [
  {
    name: 'Sara Al Harbi',
    email: 'sara@makan.example',
    phone: '+966 50 100 0001',
    userType: 'retail',
    language: 'en',
  },
  {
    name: 'عمر الحداد',
    email: 'omar@makan.example',
    phone: '+962 79 100 0002',
    userType: 'retail',
    language: 'ar',
  },
  {
    name: 'Mona Fathy',
    email: 'mona@makan.example',
    phone: '+20 100 100 0003',
    userType: 'retail',
    language: 'en',
  },
  {
    name: 'Al Noor Developments',
    email: 'noor@makan.example',
    phone: '+971 50 100 0004',
    userType: 'developer',
    language: 'en',
  },
  {
    name: 'مساحات الخليج',
    email: 'gulf@makan.example',
    phone: '+974 3300 0005',
    userType: 'developer',
    language: 'ar',
  },
  {
    name: 'Nile Commercial Properties',
    email: 'nile@makan.example',
    phone: '+20 120 100 0006',
    userType: 'developer',
    language: 'en',
  },
] as const;

/** Verified demo accounts of both types, on an empty users table only. */
export async function seedDemoUsers(
  users: UsersRepository,
  hasher: PasswordHasher,
  now: Date,
): Promise<number> {
  if ((await users.count()) > 0) return 0;
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const row = await users.insert(
      {
        name: u.name,
        email: u.email,
        phone: u.phone,
        phoneNormalized: normalizePhone(u.phone),
        userType: u.userType,
        passwordHash,
        verificationMethod: 'email',
        language: u.language,
      },
      now,
    );
    await users.markVerified(row.id, 'email', now);
    await users.markVerified(row.id, 'phone', now);
  }
  return DEMO_USERS.length;
}
