import { useParams } from 'react-router';
import { PreferencesSummary } from '../../features/onboarding/components/preferences-summary.tsx';
import { UserPosts } from '../../features/posts/components/user-posts.tsx';
import { OwnProfileView } from '../../features/profiles/components/own-profile.tsx';
import { UserProfileView } from '../../features/profiles/components/user-profile-view.tsx';
import { CompanyVerificationCard } from '../../features/verification/components/company-verification-card.tsx';

const renderPosts = (userId: number, emptyText: string) => (
  <UserPosts userId={userId} emptyText={emptyText} />
);

/** /profile: the profile feature, with the onboarding feature's summary of your preferences. */
export function OwnProfilePage() {
  return (
    <OwnProfileView
      renderPreferences={(preferences) => <PreferencesSummary preferences={preferences} />}
      renderPosts={renderPosts}
      renderVerification={(userType) => <CompanyVerificationCard userType={userType} />}
    />
  );
}

/** /user/{userId}: the key starts each person's page afresh (edits, focus, scroll). */
export function UserProfilePage() {
  const { userId } = useParams();
  return <UserProfileView key={userId} userId={userId} renderPosts={renderPosts} />;
}
