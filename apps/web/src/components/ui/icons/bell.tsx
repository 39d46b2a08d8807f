import { Icon, type IconProps } from './icon.tsx';

export function BellIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 10a6 6 0 0 1 12 0c0 5 2 6.5 2 6.5H4S6 15 6 10Z" />
      <path d="M10 20a2.2 2.2 0 0 0 4 0" />
    </Icon>
  );
}
