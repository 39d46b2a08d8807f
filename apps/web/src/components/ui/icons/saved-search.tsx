import { Icon, type IconProps } from './icon.tsx';

/** A magnifier holding a bookmark: searches kept (never flips). */
export function SavedSearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
      <path d="M9 7.5h4v6l-2-1.4-2 1.4Z" />
    </Icon>
  );
}
