import { useId } from 'react';

/** The store's mark: a gem in the accent gradient. */
export function LogoMark({ size = 34 }: { size?: number }) {
  const gradientId = `logo-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <svg viewBox="0 0 40 40" width={size} height={size} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c5cff" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
      </defs>
      <rect width="40" height="40" rx="11" fill={`url(#${gradientId})`} />
      <path d="M20 8l9 8-9 16-9-16 9-8z" fill="rgba(255,255,255,0.92)" />
      <path d="M11 16h18L20 32z" fill="rgba(255,255,255,0.55)" />
      <path d="M20 8l-3.5 8h7z" fill="#fff" />
    </svg>
  );
}
