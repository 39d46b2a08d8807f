import type { Database } from './db/client.ts';
import type { Logger } from './lib/logger.ts';
import type { PasswordHasher } from './lib/password.ts';
import { type ChatSeedRepositories, seedDemoChats } from './modules/chat/chat.seed.ts';
import type { CitiesRepository } from './modules/cities/cities.repository.ts';
import { seedCities } from './modules/cities/cities.seed.ts';
import type { ImageStore } from './modules/media/image-store.ts';
import type { PostsRepository } from './modules/posts/posts.repository.ts';
import { seedDemoPosts } from './modules/posts/posts.seed.ts';
import type { ProfilesRepository } from './modules/profiles/profiles.repository.ts';
import { seedDemoProfiles } from './modules/profiles/profiles.seed.ts';
import type { UsersRepository } from './modules/users/users.repository.ts';
import { seedDemoUsers } from './modules/users/users.seed.ts';

type SeedDeps = {
  cities: CitiesRepository;
  users: UsersRepository;
  profiles: ProfilesRepository;
  posts: PostsRepository;
  chat: ChatSeedRepositories;
  db: Database;
  images: ImageStore;
  hasher: PasswordHasher;
  now: Date;
  mode: 'demo' | 'none';
  log: Pick<Logger, 'info'>;
};

/**
 * Fills an empty database. Reference data (cities) always; demo content only when mode is
 * 'demo'. Each feature adds its step here; every step leaves existing data alone.
 */
export async function runSeed({
  cities,
  users,
  profiles,
  posts,
  chat,
  db,
  images,
  hasher,
  now,
  mode,
  log,
}: SeedDeps): Promise<void> {
  const added = await seedCities(cities);
  if (added) log.info({ cities: added }, 'seeded reference cities');
  if (mode === 'none') return;
  const demoUsers = await seedDemoUsers(users, hasher, now);
  if (demoUsers) log.info({ users: demoUsers }, 'seeded demo accounts (password in README)');
  const demoProfiles = await seedDemoProfiles({ users, profiles, cities, images, now });
  if (demoProfiles) log.info({ profiles: demoProfiles }, 'seeded demo profiles, pictures and follows');
  await seedDemoPosts({ db, posts, images, now, log });
  const demoChats = await seedDemoChats({ db, chat, now });
  if (demoChats) log.info({ conversations: demoChats }, 'seeded demo conversations');
}
