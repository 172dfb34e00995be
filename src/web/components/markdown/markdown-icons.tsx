// The Markdown toolbar's icons (decorative: each button is named by its aria-label).
import { Icon, type IconProps } from '#web/components/ui/icon.tsx';

export const BoldIcon = (props: IconProps) => (
  <Icon strokeWidth="2.4" {...props}>
    <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />
  </Icon>
);

export const ItalicIcon = (props: IconProps) => (
  <Icon strokeWidth="2" {...props}>
    <path d="M10 5h8M6 19h8M14.5 5l-5 14" />
  </Icon>
);

export const LinkChainIcon = (props: IconProps) => (
  <Icon strokeWidth="2" {...props}>
    <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
    <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
  </Icon>
);

export const InlineCodeIcon = (props: IconProps) => (
  <Icon strokeWidth="2" {...props}>
    <path d="m8 7-5 5 5 5M16 7l5 5-5 5" />
  </Icon>
);

export const CodeBlockIcon = (props: IconProps) => (
  <Icon strokeWidth="1.8" {...props}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="m9 10-2 2 2 2M15 10l2 2-2 2" />
  </Icon>
);
