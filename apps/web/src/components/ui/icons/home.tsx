import { Icon, type IconProps } from './icon.tsx';

export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3 11 12 4l9 7M5 10v10h5v-6h4v6h5V10" />
    </Icon>
  );
}
