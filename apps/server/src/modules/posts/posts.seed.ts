import type { Currency, ListingPurpose } from '@makan/contract/listing';
import {
  PROPERTY_TYPE_LABELS,
  PROPERTY_TYPE_LABELS_AR,
  type PropertyType,
} from '@makan/contract/property-types';
import { count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cities } from '../../db/schema/cities.ts';
import { comments, posts as postsTable } from '../../db/schema/posts.ts';
import { users } from '../../db/schema/users.ts';
import type { Logger } from '../../lib/logger.ts';
import { gradientPng } from '../media/demo-images.ts';
import type { ImageStore } from '../media/image-store.ts';
import type { PostsRepository } from './posts.repository.ts';
import { searchTextOf } from './posts.search.ts';

type DemoPost = {
  by: string;
  type: PropertyType;
  city?: string;
  location?: string;
  description: string;
  colours: [number, number, number][];
  listing?: { purpose: ListingPurpose; price?: number; currency?: Currency; area?: number };
};

const DEMO_POSTS: DemoPost[] = [
  {
    by: 'noor@makan.example',
    type: 'office',
    city: 'Dubai',
    description: 'Grade A office floor in Business Bay, 40 parking bays, fitted and ready to move in.',
    colours: [
      [0, 150, 136],
      [224, 242, 241],
    ],
    listing: { purpose: 'rent', price: 450000, currency: 'AED', area: 820 },
  },
  {
    by: 'gulf@makan.example',
    type: 'warehouse',
    city: 'Doha',
    description: 'مستودع للإيجار في المنطقة الصناعية بمساحة واسعة ومدخل للشاحنات والمعدات الثقيلة.',
    colours: [
      [120, 90, 60],
      [240, 220, 190],
    ],
    listing: { purpose: 'rent', price: 30000, currency: 'QAR', area: 2500 },
  },
  {
    by: 'sara@makan.example',
    type: 'retail',
    city: 'Riyadh',
    description: 'Corner shop on Tahlia Street with a glass front, suitable for a café or a showroom.',
    colours: [
      [33, 150, 243],
      [255, 235, 238],
    ],
    listing: { purpose: 'sale', price: 2400000, currency: 'SAR', area: 180 },
  },
  {
    by: 'nile@makan.example',
    type: 'coworking',
    city: 'Cairo',
    description: 'Coworking desks and private rooms near the metro, with meeting rooms and fast internet.',
    colours: [
      [255, 152, 0],
      [255, 248, 225],
    ],
  },
  {
    by: 'omar@makan.example',
    type: 'restaurant',
    location: 'عبدون، عمّان',
    description: 'مطعم مجهز بالكامل بالمطبخ والأثاث، موقع ممتاز وحركة زبائن عالية.',
    colours: [
      [183, 28, 28],
      [255, 243, 224],
    ],
    listing: { purpose: 'sale', price: 95000, currency: 'JOD' },
  },
  {
    by: 'mona@makan.example',
    type: 'land',
    city: 'Cairo',
    description: 'Looking for a commercial plot of about 1,000 m² on a main road in New Cairo.',
    colours: [],
    listing: { purpose: 'wanted', area: 1000 },
  },
];

/** Demo listings by the demo accounts, with photos, a few likes and comments; only on an empty posts table. */
export async function seedDemoPosts({
  db,
  posts,
  images,
  now,
  log,
}: {
  db: Database;
  posts: PostsRepository;
  images: ImageStore;
  now: Date;
  log: Pick<Logger, 'info'>;
}): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(postsTable);
  if ((existing?.n ?? 0) > 0) return 0;
  const demoUsers = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_POSTS.map((p) => p.by),
      ),
    );
  const userId = new Map(demoUsers.map((u) => [u.email, u.id]));
  if (userId.size === 0) return 0;
  const ids: number[] = [];
  for (const [index, demo] of DEMO_POSTS.entries()) {
    const author = userId.get(demo.by);
    if (!author) continue;
    const [city] = demo.city
      ? await db.select().from(cities).where(eq(cities.nameEn, demo.city)).limit(1)
      : [];
    const media = [];
    for (const [i, colour] of demo.colours.entries()) {
      const next = demo.colours[(i + 1) % demo.colours.length] ?? colour;
      const saved = await images.savePhoto(await gradientPng(1200, 800, colour, next));
      media.push({
        key: saved.key,
        fileName: `photo-${i + 1}.png`,
        size: saved.size,
        width: saved.width,
        height: saved.height,
        phash: saved.phash,
      });
    }
    const customLocation = city ? null : (demo.location ?? null);
    const id = await posts.create(
      {
        userId: author,
        description: demo.description,
        propertyType: demo.type,
        cityId: city?.id ?? null,
        customLocation,
        purpose: demo.listing?.purpose ?? null,
        price: demo.listing?.price ?? null,
        currency: demo.listing?.currency ?? null,
        areaM2: demo.listing?.area ?? null,
        status: demo.listing ? 'available' : null,
        licenceNumber: null,
        searchText: searchTextOf([
          demo.description,
          city?.nameEn,
          city?.nameAr,
          customLocation,
          PROPERTY_TYPE_LABELS[demo.type],
          PROPERTY_TYPE_LABELS_AR[demo.type],
        ]),
        createdAt: new Date(now.getTime() - (DEMO_POSTS.length - index) * 3_600_000),
      },
      media,
    );
    ids.push(id);
  }
  const everyone = [...userId.values()];
  for (const [i, postId] of ids.entries()) {
    for (const liker of everyone.slice(0, (i % everyone.length) + 1))
      await posts.toggleLike(postId, liker, now);
  }
  const first = ids[0];
  const sara = userId.get('sara@makan.example');
  const omar = userId.get('omar@makan.example');
  if (first && sara && omar) {
    const [comment] = await db
      .insert(comments)
      .values({
        postId: first,
        userId: sara,
        body: 'Is the parking included in the rent?',
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: comments.id });
    if (comment) {
      await db.insert(comments).values({
        postId: first,
        parentId: comment.id,
        userId: omar,
        body: 'نعم، المواقف مشمولة في الإيجار.',
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  log.info({ posts: ids.length }, 'seeded demo posts');
  return ids.length;
}
