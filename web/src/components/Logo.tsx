// The Révise logo: an open-book mark with a spark, followed by the word mark. `size` is the height
// of the mark in pixels; the word mark scales with it.
interface LogoProps {
  size?: number;
  /** Hide the word mark (the mark alone, e.g. in tight spaces). */
  markOnly?: boolean;
}

export default function Logo({ size = 32, markOnly = false }: LogoProps) {
  return (
    <span className="logo" style={{ fontSize: size * 0.72 }}>
      <svg className="logo-mark" width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#6d5efc" />
            <stop offset="1" stopColor="#8b5cf6" />
          </linearGradient>
        </defs>
        <rect width="48" height="48" rx="13" fill="url(#logo-gradient)" />
        <path
          d="M10 16.5c4.6-1.8 9.3-1.5 14 1.3v17c-4.7-2.8-9.4-3.1-14-1.3v-17Z"
          fill="#fff"
          opacity="0.95"
        />
        <path d="M38 16.5c-4.6-1.8-9.3-1.5-14 1.3v17c4.7-2.8 9.4-3.1 14-1.3v-17Z" fill="#fff" opacity="0.75" />
        <path d="M35.5 6.5l1.3 3.2 3.2 1.3-3.2 1.3-1.3 3.2-1.3-3.2-3.2-1.3 3.2-1.3 1.3-3.2Z" fill="#ffd166" />
      </svg>
      {!markOnly && <span className="logo-word">Révise</span>}
    </span>
  );
}
