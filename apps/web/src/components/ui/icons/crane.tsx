import { Icon, type IconProps } from './icon.tsx';

export function CraneIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 21V4h2v17M3 21h8M8 5h13l-2 3H8M17 8v4M15.5 12h3v2.5h-3z" />
    </Icon>
  );
}
