import { normalizeSearchText } from '@makan/contract/cities';
import type { CitiesRepository } from '../cities/cities.repository.ts';
import { gradientPng, type Rgb } from '../media/demo-images.ts';
import type { ImageStore } from '../media/image-store.ts';
import type { UsersRepository } from '../users/users.repository.ts';
import type { ProfilesRepository } from './profiles.repository.ts';

const DEMO_PROFILES = [
  {
    email: 'sara@makan.example',
    bio: 'Looking for a ground-floor retail unit on Tahlia Street for a specialty coffee shop.',
    link: null,
    preferences: { purpose: 'rent', property_types: ['retail', 'restaurant'], cities: ['Riyadh', 'Jeddah'] },
    colors: [
      [0, 150, 136],
      [38, 166, 154],
    ] as [Rgb, Rgb],
  },
  {
    email: 'omar@makan.example',
    bio: 'أبحث عن مستودع في عمّان أو الزرقاء بمساحة لا تقل عن 800 متر مربع.',
    link: null,
    preferences: { purpose: 'rent', property_types: ['warehouse', 'industrial'], cities: ['Amman', 'Zarqa'] },
    colors: [
      [92, 107, 192],
      [121, 134, 203],
    ] as [Rgb, Rgb],
  },
  {
    email: 'mona@makan.example',
    bio: 'Buying a small clinic space in New Cairo or Sheikh Zayed.',
    link: null,
    preferences: { purpose: 'buy', property_types: ['medical', 'office'], cities: ['Cairo', 'Giza'] },
    colors: [
      [239, 108, 0],
      [255, 167, 38],
    ] as [Rgb, Rgb],
  },
  {
    email: 'noor@makan.example',
    bio: 'Grade-A offices and coworking floors across Dubai and Abu Dhabi. Flexible terms from 3 months.',
    link: 'https://noor-developments.example',
    preferences: { purpose: 'list', property_types: ['office', 'coworking'], cities: ['Dubai', 'Abu Dhabi'] },
    colors: [
      [0, 105, 92],
      [0, 77, 64],
    ] as [Rgb, Rgb],
  },
  {
    email: 'gulf@makan.example',
    bio: 'مساحات تجارية ومكاتب في الدوحة ولوسيل، مع خدمات إدارة العقارات.',
    link: 'https://gulf-spaces.example',
    preferences: {
      purpose: 'list',
      property_types: ['retail', 'office', 'hotels'],
      cities: ['Doha', 'Lusail'],
    },
    colors: [
      [121, 85, 72],
      [161, 136, 127],
    ] as [Rgb, Rgb],
  },
  {
    email: 'nile@makan.example',
    bio: 'Warehouses, land and industrial units along the Cairo–Alexandria desert road.',
    link: 'https://nile-commercial.example',
    preferences: {
      purpose: 'list',
      property_types: ['warehouse', 'land', 'industrial'],
      cities: ['Cairo', 'Alexandria'],
    },
    colors: [
      [30, 136, 229],
      [21, 101, 192],
    ] as [Rgb, Rgb],
  },
] as const;

/** Who follows whom among the demo accounts. */
const DEMO_FOLLOWS: [string, string][] = [
  ['sara@makan.example', 'noor@makan.example'],
  ['sara@makan.example', 'gulf@makan.example'],
  ['omar@makan.example', 'nile@makan.example'],
  ['mona@makan.example', 'nile@makan.example'],
  ['mona@makan.example', 'noor@makan.example'],
  ['noor@makan.example', 'gulf@makan.example'],
  ['gulf@makan.example', 'noor@makan.example'],
];

type Deps = {
  users: UsersRepository;
  profiles: ProfilesRepository;
  cities: CitiesRepository;
  images: ImageStore;
  now: Date;
};

/** Bios, preferences, pictures, covers and follows for the demo accounts; once, on fresh demo data. */
export async function seedDemoProfiles({ users, profiles, cities, images, now }: Deps): Promise<number> {
  const first = await users.findByEmail(DEMO_PROFILES[0].email);
  if (!first || (await profiles.preferences(first.id))) return 0;
  const ids = new Map<string, number>();
  for (const demo of DEMO_PROFILES) {
    const user = await users.findByEmail(demo.email);
    if (!user) continue;
    ids.set(demo.email, user.id);
    const cityIds: number[] = [];
    for (const name of demo.preferences.cities) {
      const [city] = await cities.search({ folded: normalizeSearchText(name), limit: 1 });
      if (city) cityIds.push(city.id);
    }
    await profiles.update(user.id, { bio: demo.bio, link: demo.link }, now);
    await profiles.savePreferences({
      userId: user.id,
      purpose: demo.preferences.purpose,
      propertyTypes: [...demo.preferences.property_types],
      preferredLocations: cityIds,
      updatedAt: now,
    });
    const [from, to] = demo.colors;
    await profiles.setImage(
      user.id,
      'picture',
      await images.save('picture', await gradientPng(384, 384, from, to)),
      now,
    );
    await profiles.setImage(
      user.id,
      'cover',
      await images.save('cover', await gradientPng(1200, 384, to, from)),
      now,
    );
  }
  for (const [follower, followee] of DEMO_FOLLOWS) {
    const a = ids.get(follower);
    const b = ids.get(followee);
    if (a && b) await profiles.follow(a, b, now);
  }
  return ids.size;
}
