/** The app's mark: a white cross on the primary blue, as on the installed icon. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#1976d2" />
      <path d="M29 12h6v12h12v6H35v22h-6V30H17v-6h12z" fill="#fff" />
    </svg>
  )
}
