import { ChatPhotoViewer } from '../../../chat/components/photo-viewer'; // ✗ feature-never-imports-feature
import { cx } from '../../../../lib/cx';
import { usePosts } from '../../api/list-posts';
import { PostCard } from '../post-card';

export const all = [ChatPhotoViewer, cx, usePosts, PostCard];
