import { Icon, type IconProps } from './icon.tsx';

export function RefreshIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M21 12a9 9 0 1 1-2.64-6.36M21 4v5h-5" />
    </Icon>
  );
}
