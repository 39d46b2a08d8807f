import { useChatStore } from '../features/chat/store'; // ✗ ui-and-lib-below-features
import { router } from '../app/router'; // ✗ ui-and-lib-below-features
import { http } from './http';

export const all = [useChatStore, router, http];
