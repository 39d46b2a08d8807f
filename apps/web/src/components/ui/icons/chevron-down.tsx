import { Icon, type IconProps } from './icon.tsx';

/** Opens downwards (a disclosure): vertical, so it never flips in Arabic. */
export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9 6 6 6-6" />
    </Icon>
  );
}
