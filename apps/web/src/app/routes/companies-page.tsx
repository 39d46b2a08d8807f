import { CompaniesDirectory } from '../../features/companies/components/companies-directory.tsx';
import { FollowButton } from '../../features/profiles/components/follow-button.tsx';

/** /companies: the directory, with the profile feature's follow button on each company. */
export function CompaniesPage() {
  return (
    <CompaniesDirectory
      renderFollow={(company) => (
        <FollowButton
          userId={company.id}
          name={company.name}
          isFollowing={company.is_following}
          size="sm"
          testId="company-follow"
        />
      )}
    />
  );
}
