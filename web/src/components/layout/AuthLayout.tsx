import type { ReactNode } from 'react';
import { appName, tagline as enTagline } from '@/locales/en-US/common.json';
import './AuthLayout.css';

interface AuthLayoutProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Above the title, e.g. a back arrow. */
  leading?: ReactNode;
  /** Below the card: secondary links. */
  footer?: ReactNode;
  /** The tagline in the page's language (the en-US one by default). */
  tagline?: string;
  children: ReactNode;
}

/** MUI's LocalGasStation icon. */
const FUEL_ICON =
  'm19.77 7.23.01-.01-3.72-3.72L15 4.56l2.11 2.11c-.94.36-1.61 1.26-1.61 2.33 0 1.38 1.12 2.5 2.5 2.5.36 0 .69-.08 1-.21v7.21c0 .55-.45 1-1 1s-1-.45-1-1V14c0-1.1-.9-2-2-2h-1V5c0-1.1-.9-2-2-2H6c-1.1 0-2 .9-2 2v16h10v-7.5h1.5v5c0 1.38 1.12 2.5 2.5 2.5s2.5-1.12 2.5-2.5V9c0-.69-.28-1.32-.73-1.77M12 10H6V5h6zm6 0c-.55 0-1-.45-1-1s.45-1 1-1 1 .45 1 1-.45 1-1 1';

/**
 * Centered, phone-width card used by the signed-out screens. Plain CSS (AuthLayout.css), no
 * MUI: the sign-in page uses it before the app (and MUI) has loaded. The app's name is the
 * `common` one; its tagline the page's language's (en-US by default).
 */
export function AuthLayout({ title, subtitle, leading, footer, tagline = enTagline, children }: AuthLayoutProps) {
  return (
    <main className="auth-layout">
      <div className="auth-brand">
        <svg className="auth-brand-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={FUEL_ICON} />
        </svg>
        <div>
          <p className="auth-brand-name">{appName}</p>
          <span className="auth-brand-tagline">{tagline}</span>
        </div>
      </div>
      <div className="auth-card">
        {leading}
        <h1 className={subtitle ? 'auth-title auth-title-with-subtitle' : 'auth-title'}>{title}</h1>
        {subtitle && <p className="auth-subtitle">{subtitle}</p>}
        {children}
      </div>
      {footer && <div className="auth-footer">{footer}</div>}
    </main>
  );
}
