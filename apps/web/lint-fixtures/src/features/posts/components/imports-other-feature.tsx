import { AppRoutes } from '../../../app/router'; // ✗ feature-never-imports-app
import { Avatar } from '../../profiles/components/avatar'; // ✗ feature-never-imports-feature
import { useSignIn } from '../../../features/auth/hooks/use-sign-in'; // ✗ feature-never-imports-feature
import { config } from '../../../../../server/src/config'; // ✗ web-never-imports-server
import { Button } from '../../../components/ui/button';
import { http } from '../../../lib/http';
import { usePosts } from '../api/list-posts';
import { PostCard } from './post-card';

export const all = [AppRoutes, Avatar, useSignIn, config, Button, http, usePosts, PostCard];
