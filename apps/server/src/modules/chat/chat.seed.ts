import { normalizeSearchText } from '@makan/contract/cities';
import { count, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { conversations } from '../../db/schema/chat.ts';
import { users } from '../../db/schema/users.ts';
import type { ConversationsRepository } from './conversations.repository.ts';
import type { MessageSendRepository } from './message-send.repository.ts';
import type { ReadStateRepository } from './read-state.repository.ts';

/** What the demo conversations are written through. */
export type ChatSeedRepositories = {
  conversations: ConversationsRepository;
  messageSend: MessageSendRepository;
  readState: ReadStateRepository;
};

type DemoLine = { from: 0 | 1; text: string; minutesAgo: number; read: boolean };

/** Demo conversations between the demo accounts, in both languages, some of them unread. */
const DEMO_CHATS: { between: [string, string]; lines: DemoLine[] }[] = [
  {
    between: ['omar@makan.example', 'sara@makan.example'],
    lines: [
      { from: 0, text: 'مرحبا سارة، هل المكتب في حي العليا ما زال متاحًا؟', minutesAgo: 300, read: true },
      {
        from: 1,
        text: "Hi Omar! Yes, it's available from the first of next month.",
        minutesAgo: 290,
        read: true,
      },
      { from: 0, text: 'ممتاز. كم الإيجار السنوي؟', minutesAgo: 288, read: true },
      { from: 1, text: '95,000 SAR a year, service charges included.', minutesAgo: 285, read: true },
      { from: 0, text: 'هل يمكنني زيارته يوم الأحد الساعة العاشرة صباحًا؟', minutesAgo: 12, read: false },
    ],
  },
  {
    between: ['noor@makan.example', 'sara@makan.example'],
    lines: [
      {
        from: 0,
        text: 'Thank you for your interest in Marina Heights. Would you like the floor plans?',
        minutesAgo: 1500,
        read: true,
      },
      { from: 1, text: 'Yes please, for the third floor.', minutesAgo: 1490, read: true },
      {
        from: 0,
        text: 'Here they are. The third floor has two units of 180 m² left.',
        minutesAgo: 40,
        read: false,
      },
    ],
  },
  {
    between: ['mona@makan.example', 'gulf@makan.example'],
    lines: [
      {
        from: 0,
        text: 'Hello, is the Lusail retail unit suitable for a café?',
        minutesAgo: 4000,
        read: true,
      },
      { from: 1, text: 'نعم، الوحدة مجهزة بمدخنة ومنطقة جلوس خارجية.', minutesAgo: 3990, read: true },
    ],
  },
];

/** Only on an empty conversations table, and only when the demo accounts exist. */
export async function seedDemoChats({
  db,
  chat,
  now,
}: {
  db: Database;
  chat: ChatSeedRepositories;
  now: Date;
}): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(conversations);
  if ((existing?.n ?? 0) > 0) return 0;
  const emails = [...new Set(DEMO_CHATS.flatMap((c) => c.between))];
  const found = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, emails));
  const idOf = new Map(found.map((u) => [u.email, u.id]));
  let made = 0;
  for (const demo of DEMO_CHATS) {
    const a = idOf.get(demo.between[0]);
    const b = idOf.get(demo.between[1]);
    if (!a || !b) continue;
    const people = [a, b] as const;
    const first = demo.lines[0];
    const opened = new Date(now.getTime() - ((first?.minutesAgo ?? 0) + 1) * 60_000);
    const { id } = await chat.conversations.openPrivate(a, b, opened);
    for (const line of demo.lines) {
      const at = new Date(now.getTime() - line.minutesAgo * 60_000);
      const stored = await chat.messageSend.addMessage({
        conversationId: id,
        senderId: people[line.from],
        clientId: null,
        content: line.text,
        type: 'text',
        replyToId: null,
        searchText: normalizeSearchText(line.text),
        now: at,
      });
      if (stored && line.read)
        await chat.readState.markRead(id, people[line.from === 0 ? 1 : 0], stored.id, at);
    }
    made += 1;
  }
  return made;
}
