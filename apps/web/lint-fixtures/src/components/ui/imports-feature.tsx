import { PostCard } from '../../features/posts/components/post-card'; // ✗ ui-and-lib-below-features
import { AppLayout } from '../../app/layout/app-layout'; // ✗ ui-and-lib-below-features
import { cx } from '../../lib/cx';
import { Button } from './button';

export const all = [PostCard, AppLayout, cx, Button];
