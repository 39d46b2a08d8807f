import { Icon, type IconProps } from './icon.tsx';

export function MessageIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5h16v11H9l-5 4V5Z" />
    </Icon>
  );
}
