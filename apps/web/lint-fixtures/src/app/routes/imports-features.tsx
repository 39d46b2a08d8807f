import { PostCard } from '../../features/posts/components/post-card';
import { ChatPage } from '../../features/chat/components/chat-page';
import { config } from '@makan/server/config'; // ✗ web-never-imports-server

export const all = [PostCard, ChatPage, config];
