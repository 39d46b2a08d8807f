import type { Message } from '../../../../server/src/modules/chat/chat.repository'; // ✗ web-never-imports-server
import { createPost } from '../posts/api/create-post'; // ✗ feature-never-imports-feature
import type { ChatMessage } from '@makan/contract/chat';

export type Both = Message | ChatMessage;
export const all = [createPost];
