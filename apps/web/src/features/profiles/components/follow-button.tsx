import { useTranslation } from 'react-i18next';
import { Button, type ButtonSize } from '../../../components/ui/button.tsx';
import { CheckIcon } from '../../../components/ui/icons/check.tsx';
import { PlusIcon } from '../../../components/ui/icons/plus.tsx';
import { showToast } from '../../../components/ui/toast.tsx';
import { useFollow } from '../api/follow.ts';
import { profileErrorText } from '../errors.ts';

interface FollowButtonProps {
  userId: number;
  name: string;
  isFollowing: boolean;
  size?: ButtonSize;
  className?: string;
  testId?: string;
}

/** Follow / Following, a toggle (aria-pressed); the person's name is read with it in lists. */
export function FollowButton({
  userId,
  name,
  isFollowing,
  size = 'md',
  className,
  testId = 'follow-button',
}: FollowButtonProps) {
  const { t } = useTranslation();
  const follow = useFollow();
  const label = isFollowing ? t('profile.following') : t('profile.follow');
  const onClick = () =>
    follow.mutate(
      { id: userId, follow: !isFollowing },
      {
        onError: (error) =>
          showToast(
            profileErrorText(
              t,
              error,
              isFollowing ? t('profile.failures.unfollow') : t('profile.failures.follow'),
            ),
          ),
      },
    );
  return (
    <Button
      variant={isFollowing ? 'secondary' : 'primary'}
      size={size}
      aria-pressed={isFollowing}
      // The visible word first, then whose: lists have many of these buttons.
      aria-label={`${label} ${name}`}
      onClick={onClick}
      data-testid={testId}
      data-following={isFollowing}
      className={className}
    >
      {isFollowing ? <CheckIcon className="size-4" /> : <PlusIcon className="size-4" />}
      {label}
    </Button>
  );
}
