/** SiteLogo is the portal's mark: a bridge over a road, drawn inline (no image request). */
export function SiteLogo({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="6" fill="#fff" fillOpacity="0.15" />
      <path
        d="M4 22h24M7 22c2-7 6-10 9-10s7 3 9 10M10 22v-5M16 22v-10M22 22v-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      />
    </svg>
  );
}
