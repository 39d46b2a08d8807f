import { Icon, type IconProps } from './icon.tsx';

export function StoreIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 9 4.5 4h15L21 9M3 9h18M3 9a3 3 0 0 0 6 0 3 3 0 0 0 6 0 3 3 0 0 0 6 0M5 12v8h14v-8M10 20v-5h4v5" />
    </Icon>
  );
}
