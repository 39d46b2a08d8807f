import { config } from '@makan/server/config'; // ✗ web-never-imports-server
import { postsService } from '../../../server/src/modules/posts/posts.service'; // ✗ web-never-imports-server
import { LIMITS } from '@makan/contract/limits';

export const all = [config, postsService, LIMITS];
