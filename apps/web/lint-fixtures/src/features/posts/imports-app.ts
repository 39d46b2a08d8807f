import { router } from '../../app/router'; // ✗ feature-never-imports-app
import { useChatStore } from '../chat/store'; // ✗ feature-never-imports-feature
import { http } from '../../lib/http';
import { formatPrice } from './format';

export const all = [router, useChatStore, http, formatPrice];
