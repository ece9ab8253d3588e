import { iconCommon as common, type IconProps } from '../icons.tsx';

/* The icons only the proposal's forms draw (lists, document uploads): with the proposal page. */

export function PlusIcon({ className }: IconProps) {
  return (
    <svg {...common} width={18} height={18} strokeWidth={2.2} className={className}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function UploadIcon({ className }: IconProps) {
  return (
    <svg {...common} width={18} height={18} className={className}>
      <path d="M12 15.5V4M7.5 8.5 12 4l4.5 4.5" />
      <path d="M4.5 14.5v3.5a2 2 0 0 0 2 2h11a2 2 0 0 0 2-2v-3.5" />
    </svg>
  );
}

export function DocumentIcon({ className }: IconProps) {
  return (
    <svg {...common} className={className}>
      <path d="M14 3.5H7a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8.5z" />
      <path d="M14 3.5v5h5M8.5 13h7M8.5 16.5h5" />
    </svg>
  );
}
