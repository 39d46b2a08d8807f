import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { buttonClasses } from '../../../components/ui/button.tsx';
import { MessageIcon } from '../../../components/ui/icons/message.tsx';
import { PageSpinner } from '../../../components/ui/spinner.tsx';
import { chatWithUserPath } from '../../../lib/chat-draft.ts';
import { useReportControls } from '../../../lib/report-control.ts';
import { getStoredUser } from '../../../lib/session.ts';
import { useUserProfile } from '../api/user-profile.ts';
import { BlockButton } from './block-button.tsx';
import { UserContactCard } from './contact-card.tsx';
import { FollowButton } from './follow-button.tsx';
import { PostsSection } from './posts-section.tsx';
import { ProfileFailure } from './profile-failure.tsx';
import { headerOf, ProfileHeader } from './profile-header.tsx';

/** A profile id from the address: a positive whole number, else null. */
export function parseUserId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

interface UserProfileViewProps {
  userId: string | undefined;
  /** Their posts, as the posts feature lists them (composed in by the app layer). */
  renderPosts?: (userId: number, emptyText: string) => ReactNode;
}

/** /user/{id}: someone's profile, with Follow and Message; your own id shows /profile instead. */
export function UserProfileView({ userId, renderPosts }: UserProfileViewProps) {
  const id = parseUserId(userId);
  if (id === null) return <ProfileFailure error={null} />;
  if (id === getStoredUser()?.id) return <Navigate replace to="/profile" />;
  return <LoadedUserProfile id={id} renderPosts={renderPosts} />;
}

function LoadedUserProfile({
  id,
  renderPosts,
}: {
  id: number;
  renderPosts: UserProfileViewProps['renderPosts'];
}) {
  const { t } = useTranslation();
  const profile = useUserProfile(id);
  const report = useReportControls();
  if (profile.isPending) return <PageSpinner />;
  if (profile.isError) return <ProfileFailure error={profile.error} onRetry={() => void profile.refetch()} />;
  const { user, posts } = profile.data;
  if (user.is_self) return <Navigate replace to="/profile" />;

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6" data-testid="user-profile">
      <ProfileHeader
        testId="profile-header"
        {...headerOf(user)}
        followsYou={user.follow_info.is_followed_by}
        actions={
          <>
            {!user.is_blocked && (
              <>
                <FollowButton userId={user.id} name={user.name} isFollowing={user.follow_info.is_following} />
                <Link
                  to={chatWithUserPath(user.id)}
                  className={buttonClasses('secondary')}
                  data-testid="message-button"
                >
                  <MessageIcon className="size-4" />
                  {t('profile.message')}
                </Link>
              </>
            )}
            <BlockButton userId={user.id} name={user.name} isBlocked={user.is_blocked} />
            {report && <report.Button subject={{ type: 'user', id: user.id, name: user.name }} />}
          </>
        }
      />
      {user.is_blocked && (
        <p
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
          data-testid="blocked-banner"
        >
          {t('blocks.blockedBanner', { name: user.name })}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          {/* Blocked: the banner says their posts are not shown; an empty list would say they have none. */}
          {!user.is_blocked && (
            <PostsSection
              posts={posts}
              emptyText={t('profile.posts.emptyOther', { name: user.name })}
              list={renderPosts?.(user.id, t('profile.posts.emptyOther', { name: user.name }))}
            />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-6">
          <UserContactCard contact={user.contact_info} />
        </div>
      </div>
    </div>
  );
}
