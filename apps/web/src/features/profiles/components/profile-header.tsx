import type { UserType } from '@makan/contract/auth';
import type { PublicProfile } from '@makan/contract/profiles';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { CompanyVerifiedBadge } from '../../../components/ui/company-verified-badge.tsx';
import { LinkIcon } from '../../../components/ui/icons/link.tsx';
import { useDocumentTitle } from '../../../components/ui/page.tsx';
import { VerifiedBadge } from '../../../components/ui/verified-badge.tsx';
import { useLanguage } from '../../../lib/i18n.ts';
import { imageSrcSet } from '../../../lib/media.ts';
import { formatDate } from '../../../lib/time.ts';
import { type ProfileCounts, ProfileStats } from './profile-stats.tsx';

export interface HeaderPerson {
  name: string;
  userType: UserType;
  verified: boolean;
  /** Staff checked the company's registration (issue 21). */
  companyVerified: boolean;
  createdAt: string;
  picture: string | null;
  cover: string | null;
  bio: string | null;
  link: string | null;
}

/** What the header shows of a profile: the same fields in one's own full user and in another's profile. */
type HeaderUser = Pick<
  PublicProfile,
  | 'name'
  | 'user_type'
  | 'verified'
  | 'company_verified'
  | 'created_at'
  | 'profile'
  | 'posts_count'
  | 'follow_info'
>;

/** The header's person and counts, from a profile as the server gives it. */
export function headerOf(user: HeaderUser): { person: HeaderPerson; counts: ProfileCounts } {
  return {
    person: {
      name: user.name,
      userType: user.user_type,
      verified: user.verified,
      companyVerified: user.company_verified,
      createdAt: user.created_at,
      picture: user.profile.picture?.url ?? null,
      cover: user.profile.cover_photo?.url ?? null,
      bio: user.profile.bio,
      link: user.profile.link,
    },
    counts: {
      posts: user.posts_count,
      followers: user.follow_info.followers_count,
      following: user.follow_info.following_count,
      views: user.profile.views,
    },
  };
}

interface ProfileHeaderProps {
  person: HeaderPerson;
  counts: ProfileCounts;
  /** Buttons beside the picture (Edit, or Follow and Message). */
  actions?: ReactNode;
  /** Controls over the cover (own profile: change it) and over the picture, and progress overlays. */
  coverOverlay?: ReactNode;
  pictureOverlay?: ReactNode;
  /** What to say when there is no bio (own profile: an invitation to write one). */
  emptyBio?: ReactNode;
  /** Shows a "Follows you" tag. */
  followsYou?: boolean;
  testId?: string;
}

/** The banner (192 px high, spec §9), the 96 px picture, name and badge, bio, link and the counts. */
export function ProfileHeader({
  person,
  counts,
  actions,
  coverOverlay,
  pictureOverlay,
  emptyBio,
  followsYou,
  testId,
}: ProfileHeaderProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  useDocumentTitle(person.name);
  // The server accepts only http(s) links; checked again here, since it becomes an href.
  const link = person.link && /^https?:\/\//i.test(person.link) ? person.link : null;
  return (
    <section
      data-testid={testId}
      aria-labelledby="profile-name"
      className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div
        data-testid="profile-cover"
        className="relative h-48 bg-gradient-to-br from-primary-700 via-primary-500 to-primary-300 dark:from-primary-950 dark:via-primary-800 dark:to-primary-600"
      >
        {person.cover && (
          <img
            src={person.cover}
            srcSet={imageSrcSet(person.cover, [1200, 2400])}
            sizes="(min-width: 1024px) 1024px, 100vw"
            alt={t('profile.coverAlt', { name: person.name })}
            className="size-full object-cover"
            data-testid="profile-cover-image"
          />
        )}
        {coverOverlay}
      </div>
      <div className="px-4 pb-5 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="relative -mt-12 rounded-full bg-white p-1 dark:bg-slate-900">
            <Avatar
              name={person.name}
              src={person.picture}
              size="lg"
              alt={person.picture ? t('profile.pictureAlt', { name: person.name }) : ''}
              testId="profile-picture"
            />
            {pictureOverlay}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2 pt-3">{actions}</div>}
        </div>
        <div className="mt-3 flex items-center gap-2">
          <h1
            id="profile-name"
            dir="auto"
            data-testid="profile-name"
            className="min-w-0 truncate text-2xl font-bold tracking-tight text-slate-900 dark:text-slate-50"
          >
            {person.name}
          </h1>
          {person.verified && <VerifiedBadge className="size-6" testId="profile-verified" />}
          {person.companyVerified && <CompanyVerifiedBadge />}
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span>{t(`auth.userTypes.${person.userType}.title`)}</span>
          <span aria-hidden="true">·</span>
          <span>
            {t('profile.joined', {
              date: formatDate(person.createdAt, language, { month: 'long', year: 'numeric' }),
            })}
          </span>
          {followsYou && (
            <span
              data-testid="profile-follows-you"
              className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200"
            >
              {t('profile.followsYou')}
            </span>
          )}
        </p>
        {person.bio ? (
          <p
            dir="auto"
            data-testid="profile-bio"
            className="mt-4 max-w-prose text-start whitespace-pre-line break-words text-slate-800 dark:text-slate-200"
          >
            {person.bio}
          </p>
        ) : (
          emptyBio && (
            <p
              data-testid="profile-bio-empty"
              className="mt-4 text-sm text-slate-600 italic dark:text-slate-400"
            >
              {emptyBio}
            </p>
          )
        )}
        {link && (
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer ugc"
            dir="ltr"
            data-testid="profile-link"
            className="mt-3 inline-flex max-w-full items-center gap-1.5 text-sm font-medium text-primary-800 underline-offset-4 hover:underline dark:text-primary-300"
          >
            <LinkIcon className="size-4 shrink-0" />
            <span className="truncate">{link.replace(/^https?:\/\//i, '')}</span>
          </a>
        )}
        <div className="mt-5">
          <ProfileStats counts={counts} />
        </div>
      </div>
    </section>
  );
}
